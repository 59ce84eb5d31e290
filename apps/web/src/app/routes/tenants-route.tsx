import { TenantsPage } from '../../features/tenants/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = TenantsPage;
