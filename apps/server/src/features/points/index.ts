/** The points feature's public face: what other features and the app may use. */
export { balanceOf } from './ledger.ts';
export {
  creditParticipation,
  expirePointsJob,
  holdsPoints,
  pointsCampaign,
  pointsExpirySchedule,
  post,
} from './points.service.ts';
export { type UsedCode, useRedeemCode } from './redeem-codes.service.ts';
