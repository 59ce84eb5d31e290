import { createSecretKey, type KeyObject } from 'node:crypto';
import type { Role, TokenClaims } from '@promo/contract';
import { errors, SignJWT } from 'jose';
import { verifiedPayload } from './verified-tokens.ts';

export const SESSION_HOURS = 8;
export const PERSISTENT_SESSION_DAYS = 14;

export type TokenSubject = {
  userId: string;
  tenantId: string;
  tenantSlug: string | null;
  role: Role;
  tokenVersion: number;
};

export type VerifiedToken = TokenClaims & { tid: string };

const keys = new Map<string, KeyObject>();

/** The HMAC key object of a secret, made once (jose re-imports a raw key on every call). */
function key(secret: string): KeyObject {
  let k = keys.get(secret);
  if (!k) {
    k = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, k);
  }
  return k;
}

export async function signToken(
  secret: string,
  subject: TokenSubject,
  now: Date,
  persistent: boolean,
): Promise<{ token: string; expiresAt: Date }> {
  const lifetimeMs = persistent ? PERSISTENT_SESSION_DAYS * 86_400_000 : SESSION_HOURS * 3_600_000;
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + lifetimeMs / 1000) * 1000);
  const token = await new SignJWT({
    tenant: subject.tenantSlug,
    tid: subject.tenantId,
    role: subject.role,
    ver: subject.tokenVersion,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(secret));
  return { token, expiresAt };
}

/** The claims of a well-signed, unexpired HS256 token, or null (alg none, forged, expired, malformed). */
export async function verifyToken(secret: string, token: string, now: Date): Promise<VerifiedToken | null> {
  try {
    const payload = await verifiedPayload(token, key(secret), { algorithms: ['HS256'], currentDate: now });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.tid !== 'string' ||
      typeof payload.role !== 'string' ||
      typeof payload.ver !== 'number' ||
      typeof payload.exp !== 'number'
    ) {
      return null;
    }
    return payload as unknown as VerifiedToken;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
