import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { CustomerAuthChallenge, CustomerSession } from '@promo/contract';
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
import { participantByCedula } from '../participants/index.ts';
import { publicTenant } from '../participations/index.ts';
import { balanceOf, holdsPoints } from '../points/index.ts';
import { type CustomerClaims, signCustomerToken } from './customer-token.ts';
import { insertOtp, lockLatestOtp, updateOtp } from './customers.repository.ts';
import { activeMarketplacesOf } from './marketplaces.repository.ts';

/**
 * A one-time code lives 10 minutes. Wrong codes are counted per person and client address like
 * passwords (sign-in-protection.ts): five lock that address out of that person's sign-in, many
 * addresses slow it down; none refuses the right code.
 */
const OTP_MINUTES = 10;

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
    const person = await participantByCedula(tx, tenant.id, cedula);
    const notFound = purpose === 'marketplace' ? 'MARKETPLACE_USER_NOT_FOUND' : 'POINTS_USER_NOT_FOUND';
    if (!person?.email) throw new AppError(notFound, [{ path: 'cedula', code: notFound }]);
    if (purpose === 'transactions' && (await balanceOf(tx, tenant.id, campaign.id, person.id)) === null)
      throw new AppError(notFound, [{ path: 'cedula', code: notFound }]);
    return { tenant, campaign, person: { id: person.id, name: person.name, email: person.email } };
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
    await insertOtp(
      tx,
      { tenantId: tenant.id, campaignId: campaign.id, participantId: person.id, expiresAt, createdAt: now },
      (id) => hashOtp(id, code),
    );
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
    const otp = await lockLatestOtp(
      tx,
      { tenantId: tenant.id, campaignId: campaign.id, participantId: person.id },
      now,
    );
    if (!otp) {
      await recordSignInFailure(tx, tenant.id, account, address, now, policy);
      return false;
    }
    const expected = Buffer.from(otp.codeHash, 'hex');
    const given = Buffer.from(hashOtp(otp.id, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await updateOtp(tx, tenant.id, otp.id, { attempts: otp.attempts + 1 });
      await recordSignInFailure(tx, tenant.id, account, address, now, policy);
      return false;
    }
    await clearSignInFailures(tx, tenant.id, account, address);
    await updateOtp(tx, tenant.id, otp.id, { usedAt: now });
    const balance = (await balanceOf(tx, tenant.id, campaign.id, person.id)) ?? 0;
    return { balance, marketplaces: await activeMarketplacesOf(tx, tenant.id, campaign.id) };
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
