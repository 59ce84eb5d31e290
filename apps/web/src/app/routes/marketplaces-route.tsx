import { MarketplacesPage } from '../../features/marketplaces/marketplaces-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = MarketplacesPage;
