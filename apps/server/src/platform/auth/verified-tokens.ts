import type { KeyObject } from 'node:crypto';
import { errors, type JWTPayload, type JWTVerifyOptions, jwtVerify } from 'jose';

/** At most this many verified tokens are kept per key; the oldest goes first. */
const MAX_TOKENS_PER_KEY = 10_000;

const verifiedByKey = new WeakMap<KeyObject, Map<string, JWTPayload & { exp: number }>>();

/**
 * The payload of a well-signed, unexpired HS256 token, as `jwtVerify` answers it, verified once
 * per process: a counter or a shopper sends the same token with every request, and checking its
 * signature again each time (an HMAC through WebCrypto, a quarter of the server's time during the
 * redemption benchmark) proves nothing new. The token's whole text is the key, so an altered token
 * is never taken for a verified one; expiry is checked on every use against `currentDate`. What
 * the token's subject may still do (its user's row, version, tenant) is checked by the caller as
 * before. A token that fails throws jose's error, as `jwtVerify` does. One key is verified with
 * one set of options (a remembered token is not checked against other ones): back-office tokens
 * and customer tokens have keys of their own.
 */
export async function verifiedPayload(
  token: string,
  key: KeyObject,
  options: JWTVerifyOptions & { currentDate: Date },
): Promise<JWTPayload> {
  let verified = verifiedByKey.get(key);
  if (!verified) {
    verified = new Map();
    verifiedByKey.set(key, verified);
  }
  const known = verified.get(token);
  if (known) {
    if (known.exp > Math.floor(options.currentDate.getTime() / 1000)) return known;
    verified.delete(token);
    throw new errors.JWTExpired('"exp" claim timestamp check failed', known, 'exp', 'check_failed');
  }
  const { payload } = await jwtVerify(token, key, options);
  if (typeof payload.exp === 'number') {
    if (verified.size >= MAX_TOKENS_PER_KEY) verified.delete(verified.keys().next().value as string);
    verified.set(token, payload as JWTPayload & { exp: number });
  }
  return payload;
}
