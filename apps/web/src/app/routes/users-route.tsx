import { UsersPage } from '../../features/users/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = UsersPage;
