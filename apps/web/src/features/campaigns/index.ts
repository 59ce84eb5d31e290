/** The campaigns feature's public face: what other features and the app may use. */
export {
  CampaignDetailPage,
  type CampaignGoLiveView,
  type CampaignStatisticsView,
} from './campaign-detail-page.tsx';
export type { CampaignFormValues } from './campaign-form-model.ts';
export { campaignFormQuery, campaignOptionsQuery, campaignQuery, groupsQuery } from './campaigns.api.ts';
export { useSetCampaignActive } from './campaigns.hooks.ts';
export { CampaignsPage } from './campaigns-page.tsx';
export { GroupsPage } from './groups-page.tsx';
