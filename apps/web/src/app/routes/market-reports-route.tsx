import { MarketReportsPage } from '../../features/market-reports/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = MarketReportsPage;
