import { ProfilePage } from '../../features/profile/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = ProfilePage;
