import { ProfilePage } from '../../features/profile/profile-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = ProfilePage;
