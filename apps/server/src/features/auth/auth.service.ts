import type { LoginRequest, LoginResponse, ValidateTokenResponse } from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { checkPassword } from '../../platform/auth/passwords.ts';
import { signToken, verifyToken } from '../../platform/auth/tokens.ts';
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findTenantBySlug, PLATFORM_TENANT_ID } from '../tenants/index.ts';
import { findPrincipal, findUserByUsername, updateUserRow } from '../users/index.ts';
import {
  addressKey,
  clearSignInFailures,
  passSignInGate,
  recordSignInFailure,
  SIGN_IN_POLICY,
  type SignInPolicy,
  userAccount,
} from './sign-in-protection.ts';

type LoginOutcome =
  | { ok: true; response: LoginResponse }
  | { ok: false; code: 'LOGIN_FAILED' | 'TENANT_SUSPENDED' };

/**
 * Signs a user in. Unknown tenant, unknown user, inactive user and wrong password all answer the
 * same message after the same work; failures are counted per account name (existing or not) and
 * client address: five in a row lock that address out of that name, failures from many addresses
 * slow the name down (sign-in-protection.ts).
 */
export async function login(
  ctx: Ctx,
  input: LoginRequest,
  policy: SignInPolicy = SIGN_IN_POLICY,
): Promise<LoginResponse> {
  const tenant = input.tenant
    ? await ctx.db.tx({ tenantId: null }, (tx) => findTenantBySlug(tx, input.tenant as string))
    : null;
  if (input.tenant && !tenant) {
    await checkPassword(null, input.password);
    throw new AppError('LOGIN_FAILED');
  }
  const tenantId = tenant?.id ?? PLATFORM_TENANT_ID;
  const usernameKey = input.username.trim().toLowerCase();

  const account = userAccount(usernameKey);
  const address = addressKey(ctx.ip);
  await passSignInGate(ctx, tenantId, account, address, policy);
  const now = ctx.clock.now();

  const outcome = await ctx.db.tx({ tenantId }, async (tx): Promise<LoginOutcome> => {
    const user = await findUserByUsername(tx, tenantId, usernameKey);
    const valid = await checkPassword(user?.active ? user.passwordHash : null, input.password);
    if (!user || !valid) {
      await recordSignInFailure(tx, tenantId, account, address, now, policy);
      return { ok: false, code: 'LOGIN_FAILED' };
    }
    if (tenant?.status === 'suspended') return { ok: false, code: 'TENANT_SUSPENDED' };
    await clearSignInFailures(tx, tenantId, account, address);
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
