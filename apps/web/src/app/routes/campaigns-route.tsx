import { CampaignsPage } from '../../features/campaigns/campaigns-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = CampaignsPage;
