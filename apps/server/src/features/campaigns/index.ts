/** The campaigns feature's public face: what other features and the app may use. */
export {
  findCampaign,
  findCampaignByName,
  findCampaignWithRules,
  findGroup,
  getCampaignRow,
  rulesOfCampaign,
} from './campaign-lookup.ts';
export {
  type CampaignRow,
  type CampaignRule,
  campaignState,
  campaignsWithExpiry,
  formFieldsOf,
  groupCampaignIds,
} from './campaigns.repository.ts';
export { activationBlockers } from './campaigns.service.ts';
export { insertSampleCampaign } from './sample-campaign.ts';
