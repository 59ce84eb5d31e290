import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { CustomerAuthChallenge, CustomerSession } from '@promo/contract';
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { queueEmail } from '../../platform/outbox.ts';
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
import { confirmEmail, participantByCedula } from '../participants/index.ts';
import { publicTenant } from '../participations/index.ts';
import { balanceOf, holdsPoints } from '../points/index.ts';
import { type CustomerClaims, signCustomerToken } from './customer-token.ts';
import { insertOtp, lockLatestOtp, updateOtp } from './customers.repository.ts';
import { activeMarketplacesOf } from './marketplaces.repository.ts';

/**
 * A one-time code lives 10 minutes and dies after five wrong guesses, wherever they come from;
 * only the latest code of a person is ever checked. Wrong codes also count per typed identity and
 * client address like passwords (sign-in-protection.ts): five lock that address out of that
 * identity's sign-in, many addresses slow it down.
 *
 * Neither step tells whether a person exists (issue #35): the code request answers the same for
 * anyone (a code goes out only where there is a person with a contact), a code for nobody is
 * simply wrong, and both answers take at least OTP_ANSWER_FLOOR_MS, more than the work takes.
 */
const OTP_MINUTES = 10;
export const OTP_MAX_GUESSES = 5;
export const OTP_ANSWER_FLOOR_MS = 200;

export type AuthPurpose = 'marketplace' | 'transactions';

function hashOtp(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

/** The sign-in account of a typed identity number: the same whether or not the person exists. */
function identityAccount(campaignId: string, cedula: string): string {
  return customerAccount(campaignId, createHash('sha256').update(cedula).digest('hex').slice(0, 32));
}

/**
 * The tenant and campaign of a public sign-in (refused alike for anyone when not found), and the
 * person who may sign in: one with an e-mail (their own: a participation never changes it,
 * docs/domain.md "People") and, for transactions, a points account in the campaign; else null.
 */
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
    const found = await participantByCedula(tx, tenant.id, cedula);
    const holds =
      found?.email &&
      (purpose === 'marketplace' || (await balanceOf(tx, tenant.id, campaign.id, found.id)) !== null);
    const person = holds && found.email ? { id: found.id, name: found.name, email: found.email } : null;
    return { tenant, campaign, person };
  });
}

/**
 * Step 1: a six-digit code to the person's e-mail (outbox; the log shows it in development). The
 * answer is the same whether or not there is such a person.
 */
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
  if (person) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await ctx.db.tx({ tenantId: tenant.id }, async (tx) => {
      await insertOtp(
        tx,
        {
          tenantId: tenant.id,
          campaignId: campaign.id,
          participantId: person.id,
          sentTo: person.email,
          expiresAt,
          createdAt: now,
        },
        (id) => hashOtp(id, code),
      );
      await queueEmail(tx, ctx, {
        tenantId: tenant.id,
        to: person.email,
        subject: `${tenant.name}: su código de acceso`,
        body: `Su código de acceso a ${campaign.title} es ${code}. Vence en ${OTP_MINUTES} minutos.`,
      });
    });
  }
  return { expiresAt: expiresAt.toISOString() };
}

/**
 * Step 2: the person's latest unused, unexpired code. A wrong code (or a code for nobody) counts a
 * guess on the code and a failure of the address on the typed identity (kept even though the
 * answer is a refusal); the fifth wrong guess kills the code. A right one is used once, proves the
 * e-mail it was sent to, and answers the end-customer token.
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
  const account = identityAccount(campaign.id, cedula);
  const address = addressKey(ctx.ip);
  await passSignInGate(ctx, tenant.id, account, address, policy);
  const now = ctx.clock.now();
  const verified = await ctx.db.tx({ tenantId: tenant.id }, async (tx) => {
    const otp = person
      ? await lockLatestOtp(
          tx,
          { tenantId: tenant.id, campaignId: campaign.id, participantId: person.id },
          now,
        )
      : undefined;
    const right =
      otp !== undefined &&
      otp.attempts < OTP_MAX_GUESSES &&
      timingSafeEqual(Buffer.from(otp.codeHash, 'hex'), Buffer.from(hashOtp(otp.id, code), 'hex'));
    if (!person || !otp || !right) {
      if (otp && otp.attempts < OTP_MAX_GUESSES)
        await updateOtp(tx, tenant.id, otp.id, { attempts: otp.attempts + 1 });
      await recordSignInFailure(tx, tenant.id, account, address, now, policy);
      return null;
    }
    await clearSignInFailures(tx, tenant.id, account, address);
    await updateOtp(tx, tenant.id, otp.id, { usedAt: now });
    if (otp.sentTo) await confirmEmail(tx, tenant.id, person.id, otp.sentTo, now);
    const balance = (await balanceOf(tx, tenant.id, campaign.id, person.id)) ?? 0;
    return { person, balance, marketplaces: await activeMarketplacesOf(tx, tenant.id, campaign.id) };
  });
  if (!verified) throw new AppError('OTP_INVALID', [{ path: 'code', code: 'OTP_INVALID' }]);
  const { token, expiresAt } = await signCustomerToken(
    ctx.config.jwtSecret,
    { tenantId: tenant.id, campaignId: campaign.id, participantId: verified.person.id },
    now,
  );
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    person: { id: verified.person.id, name: verified.person.name },
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
