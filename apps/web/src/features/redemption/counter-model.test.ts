import { REDEEM_REFUSALS } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import { rewardCodeSample } from '../../testing/reward-code-sample.ts';
import {
  classifyCounterInput,
  idempotencyKeyPerRedemption,
  newIdempotencyKey,
  normaliseCounterInput,
  redeemBlocker,
  sortCodesForCounter,
  standingRedemption,
} from './counter-model.ts';

const CR = { pattern: '^[1-9][0-9]{8}$', example: '112345678' };

const code = rewardCodeSample;
const [R1, R2] = ['2f1c7a9e-5b3d-4e8a-9c1f-0a2b3c4d5e61', '2f1c7a9e-5b3d-4e8a-9c1f-0a2b3c4d5e62'];

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
  it('has no blocker when the server says the centre can redeem it, nor where it says nothing', () => {
    expect(redeemBlocker(code({ redeemRefusal: null }))).toBeNull();
    // not at a desk: no reason given, none made up
    const { redeemableHere: _redeemable, redeemRefusal: _refusal, ...page } = code();
    expect(redeemBlocker(page)).toBeNull();
  });

  it('names when and where an already redeemed code was redeemed', () => {
    const redeemed = code({
      status: 'redeemed',
      redeemableHere: false,
      redeemRefusal: 'CODE_ALREADY_REDEEMED',
      redeemedAt: '2026-06-09T15:00:00.000Z',
      redemptions: [
        {
          id: R1,
          centreId: 'x',
          centreCode: '100001',
          centreName: 'Centro Viejo',
          operatorId: null,
          redeemedAt: '2026-06-01T15:00:00.000Z',
          reversedAt: '2026-06-02T15:00:00.000Z',
          reversalReason: 'error',
        },
        {
          id: R2,
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
    expect(standingRedemption(redeemed)?.id).toBe(R2);
    expect(redeemBlocker(redeemed)).toEqual({
      reason: 'CODE_ALREADY_REDEEMED',
      when: '2026-06-09T15:00:00.000Z',
      centreName: 'Centro X',
    });
  });

  it('gives the server’s reason, never one of its own', () => {
    for (const reason of REDEEM_REFUSALS.filter((r) => r !== 'CODE_ALREADY_REDEEMED'))
      expect(redeemBlocker(code({ redeemableHere: false, redeemRefusal: reason }))).toEqual({ reason });
    // an archived campaign inside its window: the server says "not active", and so does the counter
    // (it once worked out "centre not allowed" from the window and `redeemableHere`)
    const archived = code({
      redeemableHere: false,
      redeemRefusal: 'CAMPAIGN_NOT_ACTIVE',
      campaign: { ...code().campaign, redeemFrom: '2026-01-01T00:00:00.000Z' },
    });
    expect(redeemBlocker(archived)).toEqual({ reason: 'CAMPAIGN_NOT_ACTIVE' });
    // a window the browser's clock puts in the past, which the server says is still open
    const late = code({ campaign: { ...code().campaign, redeemUntil: '2020-01-01T00:00:00.000Z' } });
    expect(redeemBlocker(late)).toBeNull();
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

describe('one Idempotency-Key per intended redemption', () => {
  it('keeps the key of a redemption until it is settled, then makes a new one', () => {
    let made = 0;
    const keys = idempotencyKeyPerRedemption(() => `k${++made}`);
    expect(keys.keyFor('u1 ABC')).toBe('k1');
    // tried again: the same key; another code meanwhile has its own
    expect(keys.keyFor('u1 XYZ')).toBe('k2');
    expect(keys.keyFor('u1 ABC')).toBe('k1');
    keys.settle('u1 ABC');
    expect(keys.keyFor('u1 ABC')).toBe('k3');
    expect(keys.keyFor('u1 XYZ')).toBe('k2');
  });
});
