import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { errors, SignJWT } from 'jose';
import { bearerToken } from '../../platform/auth/guard.ts';
import { verifiedPayload } from '../../platform/auth/verified-tokens.ts';
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

/** The end customer's token lives 30 minutes. */
export const CUSTOMER_TOKEN_MINUTES = 30;
const AUDIENCE = 'promo-customer';

const customerKeys = new Map<string, KeyObject>();

/**
 * The key of end-customer tokens: derived from the server secret, so that a customer token never
 * verifies as a back-office token (nor the reverse), whatever their claims.
 */
function customerKey(secret: string): KeyObject {
  let key = customerKeys.get(secret);
  if (!key) {
    key = createSecretKey(createHmac('sha256', secret).update('promo-customer-token-v1').digest());
    customerKeys.set(secret, key); // one object per secret: jose keeps its imported form
  }
  return key;
}

export type CustomerClaims = { tenantId: string; campaignId: string; participantId: string };

/** The idempotency key of a customer's request: scoped to the person, so keys never collide. */
export function customerIdempotencyKey(claims: CustomerClaims, key: string | undefined): string | undefined {
  return key ? `customer:${claims.participantId}:${key}` : undefined;
}

export async function signCustomerToken(secret: string, claims: CustomerClaims, now: Date) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + CUSTOMER_TOKEN_MINUTES * 60) * 1000);
  const token = await new SignJWT({ tid: claims.tenantId, cid: claims.campaignId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.participantId)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(customerKey(secret));
  return { token, expiresAt };
}

/** The caller of a customer route: a valid end-customer token, else UNAUTHENTICATED. */
export async function customerOf(ctx: Ctx, request: FastifyRequest): Promise<CustomerClaims> {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHENTICATED');
  try {
    const payload = await verifiedPayload(token, customerKey(ctx.config.jwtSecret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: ctx.clock.now(),
    });
    if (typeof payload.sub !== 'string' || typeof payload.tid !== 'string' || typeof payload.cid !== 'string')
      throw new AppError('UNAUTHENTICATED');
    return { tenantId: payload.tid, campaignId: payload.cid, participantId: payload.sub };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError)
      throw new AppError('UNAUTHENTICATED');
    throw error;
  }
}
