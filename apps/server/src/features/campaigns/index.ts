/** The campaigns feature's public face: what other features and the app may use. */
export { rulesOfCampaign } from './campaign-rules.service.ts';
export {
  type CampaignRow,
  type CampaignRule,
  campaignState,
  findCampaign,
  findCampaignByName,
  findCampaignWithRules,
  findGroup,
  formFieldsOf,
  insertCampaign,
} from './campaigns.repository.ts';
export { getCampaignRow } from './campaigns.service.ts';
