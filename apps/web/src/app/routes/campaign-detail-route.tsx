import { CampaignDetailPage } from '../../features/campaigns/campaign-detail-page.tsx';

export { RouteError as ErrorBoundary } from '../route-error.tsx';
export const Component = CampaignDetailPage;
