import { ReportsPage } from '../../features/reports/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = ReportsPage;
