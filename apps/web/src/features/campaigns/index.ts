/** The campaigns feature's public face: what other features and the app may use. */
export { CampaignDetailPage, type CampaignStatisticsView } from './campaign-detail-page.tsx';
export type { CampaignFormValues } from './campaign-form-model.ts';
export { campaignFormQuery, campaignOptionsQuery, campaignQuery, groupsQuery } from './campaigns.api.ts';
export { CampaignsPage } from './campaigns-page.tsx';
export { GroupsPage } from './groups-page.tsx';
