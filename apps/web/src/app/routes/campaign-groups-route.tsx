import { GroupsPage } from '../../features/campaigns/groups-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = GroupsPage;
