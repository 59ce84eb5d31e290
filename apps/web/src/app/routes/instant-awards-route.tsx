import { InstantAwardsPage } from '../../features/instant-awards/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = InstantAwardsPage;
