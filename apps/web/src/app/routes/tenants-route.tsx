import { TenantsPage } from '../../features/tenants/tenants-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = TenantsPage;
