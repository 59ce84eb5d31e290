import { CampaignsPage } from '../../features/campaigns/index.ts';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = CampaignsPage;
