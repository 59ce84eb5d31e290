import { ReportsPage } from '../../features/reports/reports-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = ReportsPage;
