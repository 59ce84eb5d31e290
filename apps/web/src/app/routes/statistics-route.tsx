import { StatisticsPage } from '../../features/statistics/statistics-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = StatisticsPage;
