import { CrmPage } from '../../features/crm/crm-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = CrmPage;
