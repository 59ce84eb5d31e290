/** The participations feature's public face: what other features and the app may use. */
export { isOpen, participate, publicTenant } from './participate.ts';
export { maxCodesPerIdentity } from './participation-kinds.ts';
export { groupCampaignIds } from './participations.repository.ts';
export { minimumAge } from './rules.ts';
