import { LotsPage } from '../../features/products/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = LotsPage;
