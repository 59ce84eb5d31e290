import { CentreGroupsPage } from '../../features/centres/centre-groups-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = CentreGroupsPage;
