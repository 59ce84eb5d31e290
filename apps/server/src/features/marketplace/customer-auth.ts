import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import type { CustomerAuthChallenge, CustomerSession } from '@promo/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { errors, jwtVerify, SignJWT } from 'jose';
import { customerOtps, marketplaces, participants } from '../../db/schema.ts';
import { bearerToken } from '../../platform/auth/guard.ts';
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { queueEmail } from '../../platform/outbox.ts';
import { maskEmail } from '../../platform/privacy.ts';
import {
  addressKey,
  clearSignInFailures,
  customerAccount,
  passSignInGate,
  recordSignInFailure,
  SIGN_IN_POLICY,
  type SignInPolicy,
} from '../auth/index.ts';
import { findCampaignByName } from '../campaigns/index.ts';
import { publicTenant } from '../participations/index.ts';
import { balanceOf, holdsPoints } from '../points/index.ts';

/**
 * The end customer's token lives 30 minutes; a one-time code 10 minutes. Wrong codes are counted
 * per person and client address like passwords (sign-in-protection.ts): five lock that address
 * out of that person's sign-in, many addresses slow it down; none refuses the right code.
 */
export const CUSTOMER_TOKEN_MINUTES = 30;
const OTP_MINUTES = 10;
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
    const { payload } = await jwtVerify(token, customerKey(ctx.config.jwtSecret), {
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

export type AuthPurpose = 'marketplace' | 'transactions';

function hashOtp(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

/** The tenant, campaign and person of a public sign-in; refusals as the spec names them. */
async function whoIs(
  ctx: Ctx,
  tenantSlug: string,
  campaignName: string,
  cedula: string,
  purpose: AuthPurpose,
) {
  const tenant = await publicTenant(ctx, tenantSlug);
  return ctx.db.tx({ tenantId: tenant.id }, async (tx) => {
    const campaign = await findCampaignByName(tx, tenant.id, campaignName);
    if (!campaign || campaign.archived || !campaign.activatedAt || !holdsPoints(campaign))
      throw new AppError('NOT_FOUND');
    const [person] = await tx
      .select({ id: participants.id, name: participants.name, email: participants.email })
      .from(participants)
      .where(and(eq(participants.tenantId, tenant.id), eq(participants.cedula, cedula)));
    const notFound = purpose === 'marketplace' ? 'MARKETPLACE_USER_NOT_FOUND' : 'POINTS_USER_NOT_FOUND';
    if (!person?.email) throw new AppError(notFound, [{ path: 'cedula', code: notFound }]);
    if (purpose === 'transactions' && (await balanceOf(tx, tenant.id, campaign.id, person.id)) === null)
      throw new AppError(notFound, [{ path: 'cedula', code: notFound }]);
    return { tenant, campaign, person: { ...person, email: person.email } };
  });
}

/** Step 1: a six-digit code by e-mail (outbox; the log shows it in development). */
export async function requestCode(
  ctx: Ctx,
  tenantSlug: string,
  campaignName: string,
  cedula: string,
  purpose: AuthPurpose,
): Promise<CustomerAuthChallenge> {
  const { tenant, campaign, person } = await whoIs(ctx, tenantSlug, campaignName, cedula, purpose);
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + OTP_MINUTES * 60_000);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.tx({ tenantId: tenant.id }, async (tx) => {
    const [row] = await tx
      .insert(customerOtps)
      .values({
        tenantId: tenant.id,
        campaignId: campaign.id,
        participantId: person.id,
        codeHash: ''.padEnd(64, '0'),
        attempts: 0,
        expiresAt,
        createdAt: now,
      })
      .returning({ id: customerOtps.id });
    if (!row) throw new Error('otp insert returned no row');
    await tx
      .update(customerOtps)
      .set({ codeHash: hashOtp(row.id, code) })
      .where(and(eq(customerOtps.tenantId, tenant.id), eq(customerOtps.id, row.id)));
    await queueEmail(tx, ctx, {
      tenantId: tenant.id,
      to: person.email,
      subject: `${tenant.name}: su código de acceso`,
      body: `Su código de acceso a ${campaign.title} es ${code}. Vence en ${OTP_MINUTES} minutos.`,
    });
  });
  return { sentTo: maskEmail(person.email) ?? '', expiresAt: expiresAt.toISOString() };
}

/**
 * Step 2: the latest unused, unexpired code of the person. A wrong code counts a try on the code
 * and a failure of the address on the person's sign-in (kept even though the answer is a
 * refusal). A right one is used once and answers the end-customer token.
 */
export async function verifyCode(
  ctx: Ctx,
  tenantSlug: string,
  campaignName: string,
  cedula: string,
  code: string,
  purpose: AuthPurpose,
  policy: SignInPolicy = SIGN_IN_POLICY,
): Promise<CustomerSession> {
  const { tenant, campaign, person } = await whoIs(ctx, tenantSlug, campaignName, cedula, purpose);
  const account = customerAccount(campaign.id, person.id);
  const address = addressKey(ctx.ip);
  await passSignInGate(ctx, tenant.id, account, address, policy);
  const now = ctx.clock.now();
  const verified = await ctx.db.tx({ tenantId: tenant.id }, async (tx) => {
    const [otp] = await tx
      .select()
      .from(customerOtps)
      .where(
        and(
          eq(customerOtps.tenantId, tenant.id),
          eq(customerOtps.campaignId, campaign.id),
          eq(customerOtps.participantId, person.id),
          isNull(customerOtps.usedAt),
          sql`${customerOtps.expiresAt} > ${now}`,
        ),
      )
      .orderBy(desc(customerOtps.createdAt))
      .limit(1)
      .for('update');
    if (!otp) {
      await recordSignInFailure(tx, tenant.id, account, address, now, policy);
      return false;
    }
    const expected = Buffer.from(otp.codeHash, 'hex');
    const given = Buffer.from(hashOtp(otp.id, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await tx
        .update(customerOtps)
        .set({ attempts: otp.attempts + 1 })
        .where(and(eq(customerOtps.tenantId, tenant.id), eq(customerOtps.id, otp.id)));
      await recordSignInFailure(tx, tenant.id, account, address, now, policy);
      return false;
    }
    await clearSignInFailures(tx, tenant.id, account, address);
    await tx
      .update(customerOtps)
      .set({ usedAt: now })
      .where(and(eq(customerOtps.tenantId, tenant.id), eq(customerOtps.id, otp.id)));
    const balance = (await balanceOf(tx, tenant.id, campaign.id, person.id)) ?? 0;
    const list = await tx
      .select({ id: marketplaces.id, name: marketplaces.name })
      .from(marketplaces)
      .where(
        and(
          eq(marketplaces.tenantId, tenant.id),
          eq(marketplaces.campaignId, campaign.id),
          eq(marketplaces.active, true),
        ),
      )
      .orderBy(marketplaces.name);
    return { balance, marketplaces: list };
  });
  if (!verified) throw new AppError('OTP_INVALID', [{ path: 'code', code: 'OTP_INVALID' }]);
  const { token, expiresAt } = await signCustomerToken(
    ctx.config.jwtSecret,
    { tenantId: tenant.id, campaignId: campaign.id, participantId: person.id },
    now,
  );
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    person: { id: person.id, name: person.name },
    campaign: { name: campaign.name, title: campaign.title },
    balance: verified.balance,
    marketplaces: verified.marketplaces,
  };
}

/** The customer's tenant and campaign from a public path, which must be the token's. */
export async function customerScope(
  ctx: Ctx,
  claims: CustomerClaims,
  tenantSlug: string,
  campaignName: string,
) {
  const tenant = await publicTenant(ctx, tenantSlug);
  if (tenant.id !== claims.tenantId) throw new AppError('UNAUTHENTICATED');
  const campaign = await ctx.db.tx({ tenantId: tenant.id }, (tx) =>
    findCampaignByName(tx, tenant.id, campaignName),
  );
  if (!campaign || campaign.id !== claims.campaignId) throw new AppError('NOT_FOUND');
  return { tenant, campaign };
}
