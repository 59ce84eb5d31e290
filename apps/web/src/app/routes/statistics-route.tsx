import { StatisticsPage } from '../../features/statistics/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = StatisticsPage;
