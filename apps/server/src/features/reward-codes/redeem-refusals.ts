import type { RedeemRefusal } from '@promo/contract';
import { AppError } from '../../platform/errors.ts';

/**
 * The reasons the rule "can this code be redeemed now, at this centre" gives, as its one home,
 * the SQL function `reward_code_refusal`, names them (the redemption and the counter's look-up
 * both answer them).
 */
export type RuleRefusal = 'revoked' | 'redeemed' | 'not_active' | 'outside_window' | 'centre_not_allowed';

/**
 * Each reason's catalogue code: the error a refused redemption answers, and the `redeemRefusal`
 * the counter's look-up shows before the operator tries, so the two cannot name it differently.
 */
export const REFUSAL_CODES = {
  revoked: 'CODE_REVOKED',
  redeemed: 'CODE_ALREADY_REDEEMED',
  not_active: 'CAMPAIGN_NOT_ACTIVE',
  outside_window: 'CODE_OUTSIDE_REDEMPTION_WINDOW',
  centre_not_allowed: 'CENTRE_NOT_ALLOWED',
} as const satisfies Record<RuleRefusal, RedeemRefusal>;

/**
 * The refusals `redeem_reward_code` answers without a body: its own (no centre for the operator, a
 * key sent with another request, an unknown code, the code changed between the redemption and the
 * reading of its reason) and the rule's, but 'redeemed', whose answer says when and where.
 */
export type RedeemRefused =
  | 'no_centre'
  | 'key_reused'
  | 'unknown'
  | 'conflict'
  | Exclude<RuleRefusal, 'redeemed'>;

/** The catalogue's refusal for each of them, on the code where the code is the reason. */
export function redemptionRefusal(refused: RedeemRefused): AppError {
  switch (refused) {
    case 'no_centre':
      return new AppError('OPERATOR_WITHOUT_CENTRE');
    case 'key_reused':
      return new AppError('IDEMPOTENCY_KEY_REUSED');
    case 'unknown':
      return onCode('INVALID_PRIZE_CODE');
    case 'revoked':
    case 'outside_window':
    case 'centre_not_allowed':
      return onCode(REFUSAL_CODES[refused]);
    case 'not_active':
      return new AppError(REFUSAL_CODES.not_active);
    // a reversal committed between the redemption's statement and the reading of its reason: the
    // operator tries again (PostgreSQL only; no test provokes that instant)
    case 'conflict':
      return new AppError('CONFLICT');
  }
}

const onCode = (
  code: 'INVALID_PRIZE_CODE' | 'CODE_REVOKED' | 'CODE_OUTSIDE_REDEMPTION_WINDOW' | 'CENTRE_NOT_ALLOWED',
) => new AppError(code, [{ path: 'code', code }]);
