/** The centres feature's public face: what other features and the app may use. */
export { campaignCentreRows } from './centres.repository.ts';
export { campaignCentres, centreExists, setCampaignCentres } from './centres.service.ts';
