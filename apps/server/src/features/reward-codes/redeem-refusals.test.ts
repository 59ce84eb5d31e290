import { describe, expect, it } from 'vitest';
import { type RedeemRefused, redemptionRefusal } from './redeem-refusals.ts';

// Each refusal but 'conflict' is also answered through the route (redeem-rule.test.ts,
// reward-codes.test.ts); 'conflict' needs a reversal committed inside one call, which no test can
// time, so its answer is pinned here.
describe('a refused redemption’s answer', () => {
  it.each<[RedeemRefused, string, number, string | undefined]>([
    ['no_centre', 'OPERATOR_WITHOUT_CENTRE', 422, undefined],
    ['key_reused', 'IDEMPOTENCY_KEY_REUSED', 422, undefined],
    ['unknown', 'INVALID_PRIZE_CODE', 404, 'code'],
    ['revoked', 'CODE_REVOKED', 409, 'code'],
    ['outside_window', 'CODE_OUTSIDE_REDEMPTION_WINDOW', 422, 'code'],
    ['centre_not_allowed', 'CENTRE_NOT_ALLOWED', 422, 'code'],
    ['not_active', 'CAMPAIGN_NOT_ACTIVE', 422, undefined],
    ['conflict', 'CONFLICT', 409, undefined],
  ])('%s: %s (%i), on %s', (refused, code, status, field) => {
    const error = redemptionRefusal(refused);
    expect([error.code, error.statusCode, error.details[0]?.path]).toEqual([code, status, field]);
  });
});
