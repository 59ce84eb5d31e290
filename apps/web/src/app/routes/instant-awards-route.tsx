import { InstantAwardsPage } from '../../features/instant-awards/instant-awards-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = InstantAwardsPage;
