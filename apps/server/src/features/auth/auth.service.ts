import type { LoginRequest, LoginResponse, ValidateTokenResponse } from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { checkPassword } from '../../platform/auth/passwords.ts';
import { signToken, verifyToken } from '../../platform/auth/tokens.ts';
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findTenantBySlug, PLATFORM_TENANT_ID } from '../tenants/tenants.repository.ts';
import {
  clearLoginFailures,
  findLock,
  findPrincipal,
  findUserByUsername,
  recordLoginFailure,
  updateUserRow,
} from '../users/users.repository.ts';

/** Five wrong passwords within 15 minutes lock the account name for 15 minutes. */
export const LOGIN_POLICY = { windowMs: 15 * 60_000, maxFailures: 5, lockMs: 15 * 60_000 };

type LoginOutcome =
  | { ok: true; response: LoginResponse }
  | { ok: false; code: 'LOGIN_FAILED' | 'TENANT_SUSPENDED' }
  | { ok: false; code: 'LOGIN_LOCKED'; minutes: number };

/**
 * Signs a user in. Unknown tenant, unknown user, inactive user and wrong password all answer the
 * same message after the same work; failures are counted per account name (existing or not).
 */
export async function login(ctx: Ctx, input: LoginRequest): Promise<LoginResponse> {
  const now = ctx.clock.now();
  const tenant = input.tenant
    ? await ctx.db.tx({ tenantId: null }, (tx) => findTenantBySlug(tx, input.tenant as string))
    : null;
  if (input.tenant && !tenant) {
    await checkPassword(null, input.password);
    throw new AppError('LOGIN_FAILED');
  }
  const tenantId = tenant?.id ?? PLATFORM_TENANT_ID;
  const usernameKey = input.username.trim().toLowerCase();

  const outcome = await ctx.db.tx({ tenantId }, async (tx): Promise<LoginOutcome> => {
    const lockedUntil = await findLock(tx, tenantId, usernameKey);
    if (lockedUntil && lockedUntil > now) {
      return {
        ok: false,
        code: 'LOGIN_LOCKED',
        minutes: Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000),
      };
    }
    const user = await findUserByUsername(tx, tenantId, usernameKey);
    const valid = await checkPassword(user?.active ? user.passwordHash : null, input.password);
    if (!user || !valid) {
      await recordLoginFailure(tx, tenantId, usernameKey, now, LOGIN_POLICY);
      return { ok: false, code: 'LOGIN_FAILED' };
    }
    if (tenant?.status === 'suspended') return { ok: false, code: 'TENANT_SUSPENDED' };
    await clearLoginFailures(tx, tenantId, usernameKey);
    await updateUserRow(tx, tenantId, user.id, { lastLoginAt: now }, now);
    await audit(
      tx,
      { ...ctx, actor: { userId: user.id, tenantId, tenantSlug: tenant?.slug ?? null, role: user.role } },
      {
        tenantId,
        action: 'auth.login',
        entityType: 'user',
        entityId: user.id,
      },
    );
    const { token, expiresAt } = await signToken(
      ctx.config.jwtSecret,
      {
        userId: user.id,
        tenantId,
        tenantSlug: tenant?.slug ?? null,
        role: user.role,
        tokenVersion: user.tokenVersion,
      },
      now,
      input.persistent ?? false,
    );
    return {
      ok: true,
      response: {
        token,
        expiresAt: expiresAt.toISOString(),
        user: {
          id: user.id,
          username: user.username,
          name: user.name,
          role: user.role,
          tenant: tenant?.slug ?? null,
        },
      },
    };
  });
  if (outcome.ok) return outcome.response;
  if (outcome.code === 'LOGIN_LOCKED') throw new AppError('LOGIN_LOCKED', [], { minutes: outcome.minutes });
  throw new AppError(outcome.code);
}

/** Whether a token is valid now: signature, expiry, and the user's current state. */
export async function validateToken(ctx: Ctx, token: string): Promise<ValidateTokenResponse> {
  const claims = await verifyToken(ctx.config.jwtSecret, token, ctx.clock.now());
  if (!claims) return { valid: false };
  const principal = await ctx.db.tx({ tenantId: claims.tid }, (tx) =>
    findPrincipal(tx, claims.tid, claims.sub),
  );
  if (!principal?.active || principal.tokenVersion !== claims.ver || principal.tenantStatus !== 'active') {
    return { valid: false };
  }
  return {
    valid: true,
    role: principal.role,
    tenant: principal.tenantSlug,
    userId: claims.sub,
    expiresAt: new Date(claims.exp * 1000).toISOString(),
  };
}
