import type { RewardCode } from '@promo/contract';

/** What the counter's one input holds once read: an identity number, a code, or nothing. */
export type CounterQuery =
  | { kind: 'cedula'; value: string }
  | { kind: 'code'; value: string }
  | { kind: 'empty'; value: '' };

export type IdentityRuleLike = { pattern: string; example?: string | null | undefined };

/** Spaces and hyphens are how people group digits and code characters; they never matter. */
export function normaliseCounterInput(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern).test(value);
  } catch {
    return false;
  }
}

/**
 * Identity number or code? Codes use letters and the digits 2-9 (never 0 or 1) and are at least 12
 * characters long, so a digits-only entry that has the country's identity shape (its pattern, or
 * the length of its example) is an identity number; everything else is a code. Without a rule,
 * digits-only entries of 5 to 11 characters are taken as identity numbers.
 */
export function classifyCounterInput(raw: string, rule?: IdentityRuleLike | null): CounterQuery {
  const value = normaliseCounterInput(raw);
  if (!value) return { kind: 'empty', value: '' };
  if (!/^[0-9]+$/.test(value)) return { kind: 'code', value };
  if (rule) {
    const exampleLength = rule.example?.replace(/\D/g, '').length ?? 0;
    if (matches(rule.pattern, value) || (exampleLength > 0 && value.length === exampleLength))
      return { kind: 'cedula', value };
    return { kind: 'code', value };
  }
  return value.length >= 5 && value.length <= 11 ? { kind: 'cedula', value } : { kind: 'code', value };
}

export type Blocker =
  | { reason: 'redeemed'; when: string | null; centreName: string | null }
  | { reason: 'revoked' }
  | { reason: 'notYet'; from: string }
  | { reason: 'expired'; until: string }
  | { reason: 'centreNotAllowed' };

/** The standing (not reversed) redemption of a code, the newest when history has several. */
export function standingRedemption(code: RewardCode) {
  const standing = code.redemptions.filter((redemption) => !redemption.reversedAt);
  return standing.sort((a, b) => b.redeemedAt.localeCompare(a.redeemedAt))[0] ?? null;
}

/** Why the operator's centre cannot redeem a code now; null when it can. */
export function redeemBlocker(code: RewardCode, now = new Date()): Blocker | null {
  if (code.redeemableHere === true) return null;
  if (code.status === 'redeemed') {
    const standing = standingRedemption(code);
    return {
      reason: 'redeemed',
      when: standing?.redeemedAt ?? code.redeemedAt,
      centreName: standing?.centreName ?? null,
    };
  }
  if (code.status === 'revoked') return { reason: 'revoked' };
  const { redeemFrom, redeemUntil } = code.campaign;
  if (redeemFrom && now < new Date(redeemFrom)) return { reason: 'notYet', from: redeemFrom };
  if (redeemUntil && now >= new Date(redeemUntil)) return { reason: 'expired', until: redeemUntil };
  if (code.redeemableHere === undefined) return null;
  return { reason: 'centreNotAllowed' };
}

/** A person's codes, the ones redeemable here first, then the newest assignment. */
export function sortCodesForCounter(codes: RewardCode[]): RewardCode[] {
  return [...codes].sort((a, b) => {
    const redeemable = Number(b.redeemableHere === true) - Number(a.redeemableHere === true);
    if (redeemable !== 0) return redeemable;
    return (b.assignedAt ?? '').localeCompare(a.assignedAt ?? '');
  });
}

/** A fresh Idempotency-Key; works outside secure contexts (a phone on the shop's LAN) too. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // not a secure context: fall through
    }
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
