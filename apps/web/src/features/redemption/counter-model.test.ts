import type { RewardCode } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import {
  classifyCounterInput,
  newIdempotencyKey,
  normaliseCounterInput,
  redeemBlocker,
  sortCodesForCounter,
  standingRedemption,
} from './counter-model.ts';

const CR = { pattern: '^[1-9][0-9]{8}$', example: '112345678' };

function code(overrides: Partial<RewardCode> = {}): RewardCode {
  return {
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
    ...overrides,
  };
}

describe('counter input', () => {
  it('ignores spaces, hyphens and case', () => {
    expect(normaliseCounterInput(' abcd-2345 6789 ')).toBe('ABCD23456789');
  });

  it('reads digits of the country identity shape as an identity number', () => {
    expect(classifyCounterInput('112345678', CR)).toEqual({ kind: 'cedula', value: '112345678' });
    expect(classifyCounterInput('1-1234-5678', CR)).toEqual({ kind: 'cedula', value: '112345678' });
    // Same length as the example but refused by the pattern: still an identity (the server says it is invalid).
    expect(classifyCounterInput('012345678', CR)).toEqual({ kind: 'cedula', value: '012345678' });
  });

  it('reads everything else as a code', () => {
    expect(classifyCounterInput('abcd23456789', CR)).toEqual({ kind: 'code', value: 'ABCD23456789' });
    expect(classifyCounterInput('PROMO-K7Q2-M9XW-4TZ3', CR).kind).toBe('code');
    expect(classifyCounterInput('234567892345', CR)).toEqual({ kind: 'code', value: '234567892345' });
    expect(classifyCounterInput('12345', CR).kind).toBe('code');
  });

  it('is empty for blank input', () => {
    expect(classifyCounterInput('  - ', CR)).toEqual({ kind: 'empty', value: '' });
  });

  it('without a country rule takes 5 to 11 digits as an identity number', () => {
    expect(classifyCounterInput('112345678').kind).toBe('cedula');
    expect(classifyCounterInput('234567892345').kind).toBe('code');
  });

  it('survives a broken pattern', () => {
    expect(classifyCounterInput('112345678', { pattern: '([', example: null }).kind).toBe('code');
    expect(classifyCounterInput('112345678', { pattern: '([', example: '123456789' }).kind).toBe('cedula');
  });
});

describe('redeemability', () => {
  const now = new Date('2026-06-10T12:00:00.000Z');

  it('has no blocker when the server says the centre can redeem it', () => {
    expect(redeemBlocker(code(), now)).toBeNull();
  });

  it('names when and where an already redeemed code was redeemed', () => {
    const redeemed = code({
      status: 'redeemed',
      redeemableHere: false,
      redeemedAt: '2026-06-09T15:00:00.000Z',
      redemptions: [
        {
          id: 'r1',
          centreId: 'x',
          centreCode: '100001',
          centreName: 'Centro Viejo',
          operatorId: null,
          redeemedAt: '2026-06-01T15:00:00.000Z',
          reversedAt: '2026-06-02T15:00:00.000Z',
          reversalReason: 'error',
        },
        {
          id: 'r2',
          centreId: 'y',
          centreCode: '100002',
          centreName: 'Centro X',
          operatorId: null,
          redeemedAt: '2026-06-09T15:00:00.000Z',
          reversedAt: null,
          reversalReason: null,
        },
      ],
    });
    expect(standingRedemption(redeemed)?.id).toBe('r2');
    expect(redeemBlocker(redeemed, now)).toEqual({
      reason: 'redeemed',
      when: '2026-06-09T15:00:00.000Z',
      centreName: 'Centro X',
    });
  });

  it('explains revoked codes, the window and the centre', () => {
    expect(redeemBlocker(code({ status: 'revoked', redeemableHere: false }), now)).toEqual({
      reason: 'revoked',
    });
    const early = code({
      redeemableHere: false,
      campaign: { ...code().campaign, redeemFrom: '2026-07-01T06:00:00.000Z' },
    });
    expect(redeemBlocker(early, now)).toEqual({ reason: 'notYet', from: '2026-07-01T06:00:00.000Z' });
    const late = code({
      redeemableHere: false,
      campaign: { ...code().campaign, redeemUntil: '2026-06-10T12:00:00.000Z' },
    });
    expect(redeemBlocker(late, now)).toEqual({ reason: 'expired', until: '2026-06-10T12:00:00.000Z' });
    expect(redeemBlocker(code({ redeemableHere: false }), now)).toEqual({ reason: 'centreNotAllowed' });
  });

  it('lists a person’s redeemable codes first, then the newest', () => {
    const sorted = sortCodesForCounter([
      code({ code: 'OLD', redeemableHere: false, assignedAt: '2026-01-01T00:00:00.000Z' }),
      code({ code: 'NEW', redeemableHere: false, assignedAt: '2026-05-01T00:00:00.000Z' }),
      code({ code: 'OK', redeemableHere: true, assignedAt: '2025-01-01T00:00:00.000Z' }),
    ]);
    expect(sorted.map((item) => item.code)).toEqual(['OK', 'NEW', 'OLD']);
  });

  it('makes a different idempotency key each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
  });
});
