import { MarketplacesPage } from '../../features/marketplaces/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = MarketplacesPage;
