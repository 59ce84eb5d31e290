import { ResetPasswordPage } from '../../features/auth/reset-password-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = ResetPasswordPage;
