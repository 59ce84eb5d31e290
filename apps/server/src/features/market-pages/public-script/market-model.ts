/**
 * The end-customer pages' logic without the DOM (tested in market-model.test.ts): the stored
 * session, input checks, where refusals go, paths and number formats.
 */
import { formatQuantity } from '@promo/contract/number-format';
import { identityAsStored } from '@promo/contract/person-values';

/** What the verify step answers, kept in sessionStorage for the tab's life (or the token's). */
export type StoredSession = {
  token: string;
  expiresAt: string;
  person: { id: string; name: string | null };
  marketplaces: { id: string; name: string }[];
};

export function sessionKey(tenant: string, campaign: string): string {
  return `promo.customer.${tenant}.${campaign}`;
}

/** The stored session when it is whole and its token has more than ten seconds left; else null. */
export function readStoredSession(raw: string | null, now: number): StoredSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredSession>;
    if (
      typeof value.token !== 'string' ||
      typeof value.expiresAt !== 'string' ||
      typeof value.person?.id !== 'string' ||
      !Array.isArray(value.marketplaces)
    )
      return null;
    const expires = Date.parse(value.expiresAt);
    if (!Number.isFinite(expires) || expires - 10_000 <= now) return null;
    return value as StoredSession;
  } catch {
    return null;
  }
}

/** Codes are typed in any case and with spaces or hyphens; the server stores them bare. */
export function normaliseCode(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * The identity number as sent: typed as printed (spaces, dots, hyphens) and stored without them,
 * the one rule of the landing form too; required.
 */
export function signInIdentity(value: string): { cedula: string } | { issue: 'FIELD_REQUIRED' } {
  const cedula = identityAsStored(value);
  return cedula ? { cedula } : { issue: 'FIELD_REQUIRED' };
}

export function otpIssue(value: string): 'FIELD_REQUIRED' | 'OTP_INVALID' | null {
  const trimmed = value.replace(/\s/g, '');
  if (!trimmed) return 'FIELD_REQUIRED';
  return /^[0-9]{6}$/.test(trimmed) ? null : 'OTP_INVALID';
}

/** Points with thousands commas, through the one number formatter (spec §9, en-GB): 1250 → "1,250". */
export function formatPoints(value: number): string {
  return formatQuantity(value);
}

/** A ledger amount with its sign: "+50", "−30" (a true minus sign), "0". */
export function signedPoints(value: number): string {
  if (value > 0) return `+${formatPoints(value)}`;
  if (value < 0) return `−${formatPoints(-value)}`;
  return '0';
}

export type ErrorDetail = { path?: string; code?: string; message?: string };

/**
 * Where a refusal is shown: each detail on the field its path names (first segment) when the
 * form has it; what no field takes, in the form's message area.
 */
export function placeErrors(
  error: { message?: string; details?: ErrorDetail[] } | undefined,
  fields: readonly string[],
  fallback: string,
): { byField: Record<string, string>; general: string | null } {
  const byField: Record<string, string> = {};
  const rest: string[] = [];
  for (const detail of error?.details ?? []) {
    const field = (detail.path ?? '').split('.')[0] ?? '';
    const message = detail.message ?? error?.message ?? fallback;
    if (fields.includes(field)) byField[field] ??= message;
    else rest.push(message);
  }
  const isShown = Object.keys(byField).length > 0;
  const general = rest[0] ?? (isShown ? null : (error?.message ?? fallback));
  return { byField, general };
}

export type Paths = {
  marketplaceAuth: (marketplaceId?: string | null) => string;
  transactionsAuth: string;
  marketplace: (id: string) => string;
  code: (id: string) => string;
  transactions: (personId: string) => string;
};

export function pathsOf(tenant: string, campaign: string): Paths {
  const t = encodeURIComponent(tenant);
  const c = encodeURIComponent(campaign);
  return {
    marketplaceAuth: (id) =>
      `/${t}/marketplace-authentication/${c}${id ? `?m=${encodeURIComponent(id)}` : ''}`,
    transactionsAuth: `/${t}/transactions-authentication/${c}`,
    marketplace: (id) => `/${t}/marketplace/${c}/${encodeURIComponent(id)}`,
    code: (id) => `/${t}/marketplace-code/${c}/${encodeURIComponent(id)}`,
    transactions: (personId) => `/${t}/transactions/${c}/${encodeURIComponent(personId)}`,
  };
}

/**
 * After the one-time code: the transactions page, or the marketplace the person came from when it
 * is one of the campaign's open ones, else the first of them; null when there is none.
 */
export function pageAfterSignIn(
  purpose: 'marketplace' | 'transactions',
  session: StoredSession,
  paths: Paths,
  wanted: string | null,
): string | null {
  if (purpose === 'transactions') return paths.transactions(session.person.id);
  const target = session.marketplaces.find((m) => m.id === wanted) ?? session.marketplaces[0];
  return target ? paths.marketplace(target.id) : null;
}

/** The marketplace the links of a page lead to: the page's own, the remembered one, or the first. */
export function marketplaceOf(session: StoredSession, own: string | null): string | null {
  return own ?? session.marketplaces[0]?.id ?? null;
}

/** A random Idempotency-Key (one per attempt; a network retry reuses it). */
export function newKey(random: () => number = Math.random): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  return Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
}
