import { RewardCode } from '@promo/contract';

/**
 * A code as the counter's look-up answers it at an operator's desk: assigned to Ana, redeemable
 * there unless `overrides` say otherwise. Checked against the contract, so the tests of the
 * counter's model and page feed it only what the server can send.
 */
export function rewardCodeSample(overrides: Partial<RewardCode> = {}): RewardCode {
  return RewardCode.parse({
    code: 'ABCD23456789',
    status: 'assigned',
    campaign: { id: 'c1', name: 'promo', title: 'Promo', redeemFrom: null, redeemUntil: null },
    person: { id: 'p1', name: 'Ana', cedula: '112345678' },
    assignedAt: '2026-06-01T10:00:00.000Z',
    redeemedAt: null,
    revokedAt: null,
    redemptions: [],
    product: null,
    redeemableHere: true,
    redeemRefusal: null,
    ...overrides,
  });
}
