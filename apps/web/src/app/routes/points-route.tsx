import { PointsPage } from '../../features/points/points-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = PointsPage;
