import { MarketReportsPage } from '../../features/market-reports/market-reports-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = MarketReportsPage;
