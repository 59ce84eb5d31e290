import type { RedeemRefusal, RewardCode } from '@promo/contract';

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

/**
 * Why the operator's centre cannot redeem a code now: the server's reason (`redeemRefusal`, the
 * catalogue's code of the refusal a redemption there would answer, decided by the redemption's own
 * rule), with when and where for a code redeemed already.
 */
export type Blocker =
  | { reason: 'CODE_ALREADY_REDEEMED'; when: string | null; centreName: string | null }
  | { reason: Exclude<RedeemRefusal, 'CODE_ALREADY_REDEEMED'> };

/** The standing (not reversed) redemption of a code, the newest when history has several. */
export function standingRedemption(code: RewardCode) {
  const standing = code.redemptions.filter((redemption) => !redemption.reversedAt);
  return standing.sort((a, b) => b.redeemedAt.localeCompare(a.redeemedAt))[0] ?? null;
}

/**
 * Why the operator's centre cannot redeem a code now, as the server says; null when it can (or
 * when the server says nothing: not at a desk). Never worked out here: the server's rule alone
 * decides, so the counter and the redemption cannot disagree.
 */
export function redeemBlocker(code: RewardCode): Blocker | null {
  const reason = code.redeemRefusal;
  if (!reason) return null;
  if (reason !== 'CODE_ALREADY_REDEEMED') return { reason };
  const standing = standingRedemption(code);
  return { reason, when: standing?.redeemedAt ?? code.redeemedAt, centreName: standing?.centreName ?? null };
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

/**
 * One Idempotency-Key per intended redemption (`intent`: a code at a desk). A retry of the same
 * redemption — after a network failure, a timeout or a server error, the operator pressing again —
 * keeps its key, so the server knows it for the same request: a first attempt that did redeem (its
 * answer lost on the way) answers its redemption again, not "already redeemed". A definitive answer
 * (the redemption, or a refusal) spends the key: the next redemption of that code gets a new one.
 */
export function idempotencyKeyPerRedemption(makeKey: () => string = newIdempotencyKey) {
  const pending = new Map<string, string>();
  return {
    /** The key of `intent`'s redemption: the one of its unanswered attempts, else a new one. */
    keyFor(intent: string): string {
      let key = pending.get(intent);
      if (!key) {
        key = makeKey();
        pending.set(intent, key);
      }
      return key;
    },
    /** `intent`'s redemption was answered for good: its key is spent. */
    settle(intent: string): void {
      pending.delete(intent);
    },
  };
}
