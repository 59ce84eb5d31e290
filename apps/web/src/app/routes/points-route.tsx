import { PointsPage } from '../../features/points/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = PointsPage;
