import { LotsPage } from '../../features/products/lots-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = LotsPage;
