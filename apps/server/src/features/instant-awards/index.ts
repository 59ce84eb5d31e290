/** The instant-awards feature's public face: what other features and the app may use. */
export { awardInstantPrize } from './instant-awards.service.ts';
