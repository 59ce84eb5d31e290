import { ResetPasswordPage } from '../../features/auth/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = ResetPasswordPage;
