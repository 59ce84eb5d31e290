import { CrmPage } from '../../features/crm/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = CrmPage;
