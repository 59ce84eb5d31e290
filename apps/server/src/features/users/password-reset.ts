import { createHash, randomUUID } from 'node:crypto';
import type { ForgotPassword, ResetPassword } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { forgetPrincipal } from '../../platform/auth/principals.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { queueEmail } from '../../platform/outbox.ts';
import { findTenantBySlug, PLATFORM_TENANT_ID } from '../tenants/index.ts';
import {
  consumePasswordReset,
  findPasswordReset,
  findUserByUsername,
  insertPasswordReset,
  setPassword,
  type UserRow,
} from './users.repository.ts';
import { getUserRow } from './users.service.ts';

/** How long a reset link works. */
const RESET_LINK_TTL_MS = 60 * 60_000;

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function resetLink(ctx: Ctx, tenantSlug: string | null, secret: string): string {
  const prefix = tenantSlug ? `/${tenantSlug}` : '';
  return `${ctx.config.publicBaseUrl}${prefix}/reset-password?uuid=${secret}`;
}

async function createReset(tx: Tx, ctx: Ctx, user: UserRow, tenantSlug: string | null) {
  const secret = randomUUID();
  const expiresAt = new Date(ctx.clock.now().getTime() + RESET_LINK_TTL_MS);
  await insertPasswordReset(tx, {
    tenantId: user.tenantId,
    tokenHash: hashSecret(secret),
    userId: user.id,
    expiresAt,
    createdBy: ctx.actor?.userId ?? null,
  });
  const link = resetLink(ctx, tenantSlug, secret);
  if (user.email) {
    await queueEmail(tx, ctx, {
      tenantId: user.tenantId,
      to: user.email,
      subject: 'Restablecer su contraseña',
      body: `Para elegir una nueva contraseña abra este enlace (válido por una hora): ${link}`,
    });
  }
  return { link, expiresAt: expiresAt.toISOString() };
}

/** An admin's one-time link (valid one hour) for a user of their tenant to set a new password. */
export async function createPasswordResetLink(
  ctx: Ctx,
  id: string,
): Promise<{ link: string; expiresAt: string }> {
  const actor = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const user = await getUserRow(tx, actor, id);
    const result = await createReset(tx, ctx, user, actor.tenantSlug);
    await audit(tx, ctx, {
      tenantId: actor.tenantId,
      action: 'user.password-reset-link',
      entityType: 'user',
      entityId: id,
    });
    return result;
  });
}

/**
 * Starts a self-service reset: when the user exists and has an e-mail, the link goes to the
 * outbox. The answer is the same either way, so it tells nobody which accounts exist.
 */
export async function forgotPassword(ctx: Ctx, input: ForgotPassword): Promise<void> {
  const tenant = input.tenant
    ? await ctx.db.tx({ tenantId: null }, (tx) => findTenantBySlug(tx, input.tenant as string))
    : null;
  if (input.tenant && !tenant) return;
  const tenantId = tenant?.id ?? PLATFORM_TENANT_ID;
  await ctx.db.tx({ tenantId }, async (tx) => {
    const user = await findUserByUsername(tx, tenantId, input.username);
    if (!user?.active || !user.email) return;
    await createReset(tx, ctx, user, tenant?.slug ?? null);
    await audit(tx, ctx, { tenantId, action: 'user.password-forgot', entityType: 'user', entityId: user.id });
  });
}

/** Completes a reset: the link works once, within the hour, and signs out every session. */
export async function resetPassword(ctx: Ctx, input: ResetPassword): Promise<void> {
  const tokenHash = hashSecret(input.uuid);
  const reset = await ctx.db.tx({ tenantId: null, resetTokenHash: tokenHash }, (tx) =>
    findPasswordReset(tx, tokenHash),
  );
  const now = ctx.clock.now();
  if (!reset || reset.usedAt || reset.expiresAt <= now) throw new AppError('PASSWORD_RESET_INVALID');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.tx({ tenantId: reset.tenantId }, async (tx) => {
    if (!(await consumePasswordReset(tx, reset.tenantId, tokenHash, now)))
      throw new AppError('PASSWORD_RESET_INVALID');
    await setPassword(tx, reset.tenantId, reset.userId, passwordHash, now);
    await audit(tx, ctx, {
      tenantId: reset.tenantId,
      action: 'user.password-reset',
      entityType: 'user',
      entityId: reset.userId,
    });
  });
  forgetPrincipal(ctx.cache, reset.tenantId, reset.userId);
}
