import { LoginPage } from '../../features/auth/login-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = LoginPage;
