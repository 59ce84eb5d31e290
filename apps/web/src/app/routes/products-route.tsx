import { ProductsPage } from '../../features/products/products-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = ProductsPage;
