import type { Role } from '@promo/contract';

/** Checked against the contract's `Role` type; kept here so the entry chunk needs no zod. */
const ROLES = ['SUPERADMIN', 'ADMIN', 'ANALYST', 'OPERATOR'] as const satisfies readonly Role[];

export type TokenPayload = { sub: string; role: Role; tenant: string | null; exp: number };

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** Reads (does not verify) the payload of a JWT; null when it is not one of ours. */
export function decodeToken(token: string): TokenPayload | null {
  const segment = token.split('.')[1];
  if (!segment) return null;
  try {
    const payload = decodeSegment(segment);
    if (typeof payload !== 'object' || payload === null) return null;
    const { sub, role, tenant, exp } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || typeof exp !== 'number') return null;
    if (!(ROLES as readonly unknown[]).includes(role)) return null;
    return { sub, role: role as Role, tenant: typeof tenant === 'string' ? tenant : null, exp };
  } catch {
    return null;
  }
}

/** A token we cannot read counts as expired: the server would refuse it anyway. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const payload = decodeToken(token);
  return !payload || payload.exp * 1000 <= now;
}
