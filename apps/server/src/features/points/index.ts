/** The points feature's public face: what other features and the app may use. */
export { balanceOf } from './ledger.repository.ts';
export {
  creditParticipation,
  holdsPoints,
  participationCredit,
  pointsCampaign,
  post,
} from './points.service.ts';
export { expirePointsJob, pointsExpirySchedule } from './points-expiry.service.ts';
export { type UsedCode, useRedeemCode } from './use-redeem-code.ts';
