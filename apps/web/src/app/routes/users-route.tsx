import { UsersPage } from '../../features/users/users-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = UsersPage;
