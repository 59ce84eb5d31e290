import type { RedeemRefusal } from '@promo/contract';

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
