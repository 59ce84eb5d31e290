import type {
  ChangePassword,
  Page,
  RegisterUser,
  Role,
  SessionUser,
  UpdateUser,
  UpdateUserConfiguration,
  User,
  UserConfiguration,
  UserListQuery,
} from '@promo/contract';
import { UserConfiguration as UserConfigurationSchema } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { checkPassword, hashPassword } from '../../platform/auth/passwords.ts';
import { forgetPrincipal } from '../../platform/auth/principals.ts';
import { signToken } from '../../platform/auth/tokens.ts';
import { type Actor, actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError, isForeignKeyViolation, isUniqueViolation } from '../../platform/errors.ts';
import { patchedJson } from '../../platform/merge-patch.ts';
import { centreExists } from '../centres/index.ts';
import {
  deleteUserRow,
  findUser,
  insertUser,
  listUsers as listUserRows,
  revokeTokens,
  setPassword,
  toUser,
  type UserRow,
  updateUserRow,
} from './users.repository.ts';

const isAdmin = (actor: Actor) => actor.role === 'ADMIN' || actor.role === 'SUPERADMIN';

/** The roles an actor may give: platform admins make platform admins, tenant admins the rest. */
function assertAssignableRole(actor: Actor, role: Role): void {
  const allowed = actor.role === 'SUPERADMIN' ? role === 'SUPERADMIN' : role !== 'SUPERADMIN';
  if (!allowed) throw fieldError('role', 'FIELD_INVALID');
}

/** The user of the actor's tenant (its row locked with `lock`), or NOT_FOUND. */
export async function getUserRow(
  tx: Tx,
  actor: Actor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<UserRow> {
  const row = await findUser(tx, actor.tenantId, id, options);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Admins see anyone in their tenant; everybody else only themselves. */
function assertSelfOrAdmin(actor: Actor, id: string): void {
  if (actor.userId !== id && !isAdmin(actor)) throw new AppError('FORBIDDEN');
}

export async function getSessionUser(ctx: Ctx): Promise<SessionUser> {
  const actor = actorOf(ctx);
  const row = await inTenant(ctx, (tx) => getUserRow(tx, actor, actor.userId));
  return { id: row.id, username: row.username, name: row.name, role: row.role, tenant: actor.tenantSlug };
}

/** Creates a back-office user in the caller's tenant. */
export async function registerUser(ctx: Ctx, input: RegisterUser): Promise<User> {
  const actor = actorOf(ctx);
  assertAssignableRole(actor, input.role);
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTenant(ctx, async (tx) => {
      const row = await insertUser(tx, {
        tenantId: actor.tenantId,
        username: input.username,
        passwordHash,
        role: input.role,
        name: input.name ?? null,
        email: input.email ?? null,
        centreId: input.centreId ?? null,
      });
      await audit(tx, ctx, {
        tenantId: actor.tenantId,
        action: 'user.create',
        entityType: 'user',
        entityId: row.id,
        details: { role: row.role },
      });
      return toUser(row);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('USERNAME_TAKEN', [{ path: 'username', code: 'USERNAME_TAKEN' }]);
    if (isForeignKeyViolation(error)) throw fieldError('centreId', 'FIELD_INVALID');
    throw error;
  }
}

export async function listUsers(ctx: Ctx, query: UserListQuery): Promise<Page<User>> {
  const actor = actorOf(ctx);
  const { rows, total } = await inTenant(ctx, (tx) => listUserRows(tx, actor.tenantId, query));
  return { items: rows.map(toUser), total, page: query.page, pageSize: query.pageSize };
}

export async function getUser(ctx: Ctx, id: string): Promise<User> {
  const actor = actorOf(ctx);
  assertSelfOrAdmin(actor, id);
  return toUser(await inTenant(ctx, (tx) => getUserRow(tx, actor, id)));
}

/** Admins change anything but their own role and status; others only their own name and e-mail. */
export async function updateUser(ctx: Ctx, id: string, input: UpdateUser): Promise<User> {
  const actor = actorOf(ctx);
  assertSelfOrAdmin(actor, id);
  const touchesAccess =
    input.role !== undefined || input.active !== undefined || input.centreId !== undefined;
  if (touchesAccess && !isAdmin(actor)) throw new AppError('FORBIDDEN');
  if (actor.userId === id && ((input.role && input.role !== actor.role) || input.active === false)) {
    throw new AppError('CANNOT_CHANGE_SELF');
  }
  if (input.role) assertAssignableRole(actor, input.role);
  const user = await inTenant(ctx, async (tx) => {
    const before = await getUserRow(tx, actor, id);
    // a centre of another tenant (or none) is refused by the foreign key; say which field
    if (input.centreId && !(await centreExists(tx, actor.tenantId, input.centreId)))
      throw fieldError('centreId', 'FIELD_INVALID');
    // a new role or a deactivation ends the user's sessions; a reactivation does not bring them back
    const revokeTokens =
      (input.role !== undefined && input.role !== before.role) ||
      (input.active !== undefined && input.active !== before.active);
    const row = await updateUserRow(tx, actor.tenantId, id, input, ctx.clock.now(), { revokeTokens });
    if (!row) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, {
      tenantId: actor.tenantId,
      action: 'user.update',
      entityType: 'user',
      entityId: id,
      details: { fields: Object.keys(input) },
    });
    return toUser(row);
  });
  forgetPrincipal(ctx.cache, actor.tenantId, id);
  return user;
}

/** Sign-out: every token of the signed-in user stops working, on every device. */
export async function signOut(ctx: Ctx): Promise<void> {
  const actor = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    if (!(await revokeTokens(tx, actor.tenantId, actor.userId, ctx.clock.now())))
      throw new AppError('NOT_FOUND');
    await audit(tx, ctx, {
      tenantId: actor.tenantId,
      action: 'user.sign_out',
      entityType: 'user',
      entityId: actor.userId,
    });
  });
  forgetPrincipal(ctx.cache, actor.tenantId, actor.userId);
}

export async function deleteUser(ctx: Ctx, id: string): Promise<void> {
  const actor = actorOf(ctx);
  if (actor.userId === id) throw new AppError('CANNOT_CHANGE_SELF');
  await inTenant(ctx, async (tx) => {
    if (!(await deleteUserRow(tx, actor.tenantId, id))) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, {
      tenantId: actor.tenantId,
      action: 'user.delete',
      entityType: 'user',
      entityId: id,
    });
  });
  forgetPrincipal(ctx.cache, actor.tenantId, id);
}

export async function getConfiguration(ctx: Ctx, id: string): Promise<UserConfiguration> {
  const actor = actorOf(ctx);
  assertSelfOrAdmin(actor, id);
  const row = await inTenant(ctx, (tx) => getUserRow(tx, actor, id));
  return UserConfigurationSchema.parse(row.configuration ?? {});
}

/** Merges a change of preferences into the stored ones, on the user's row locked. */
export async function updateConfiguration(
  ctx: Ctx,
  id: string,
  input: UpdateUserConfiguration,
): Promise<UserConfiguration> {
  const actor = actorOf(ctx);
  assertSelfOrAdmin(actor, id);
  return inTenant(ctx, async (tx) => {
    const row = await getUserRow(tx, actor, id, { lock: true });
    const configuration = patchedJson(UserConfigurationSchema, row.configuration, input, '');
    await updateUserRow(tx, actor.tenantId, id, { configuration }, ctx.clock.now());
    return configuration;
  });
}

/**
 * Changes a password. Users changing their own must give the current one and get a fresh token
 * back (their earlier tokens stop working); admins set another user's without it.
 */
export async function changePassword(
  ctx: Ctx,
  id: string,
  input: ChangePassword,
): Promise<{ changed: true; token?: string; expiresAt?: string }> {
  const actor = actorOf(ctx);
  const isSelf = actor.userId === id;
  if (!isSelf && !isAdmin(actor)) throw new AppError('FORBIDDEN');
  if (isSelf && !input.currentPassword) throw fieldError('currentPassword', 'FIELD_REQUIRED');
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.clock.now();
  const row = await inTenant(ctx, async (tx) => {
    const user = await getUserRow(tx, actor, id);
    if (isSelf && !(await checkPassword(user.passwordHash, input.currentPassword ?? ''))) {
      throw new AppError('CURRENT_PASSWORD_WRONG', [
        { path: 'currentPassword', code: 'CURRENT_PASSWORD_WRONG' },
      ]);
    }
    const updated = await setPassword(tx, actor.tenantId, id, passwordHash, now);
    await audit(tx, ctx, {
      tenantId: actor.tenantId,
      action: 'user.password',
      entityType: 'user',
      entityId: id,
      details: { self: isSelf },
    });
    return updated;
  });
  forgetPrincipal(ctx.cache, actor.tenantId, id);
  if (!isSelf || !row) return { changed: true };
  const session = await signToken(
    ctx.config.jwtSecret,
    {
      userId: id,
      tenantId: actor.tenantId,
      tenantSlug: actor.tenantSlug,
      role: row.role,
      tokenVersion: row.tokenVersion,
    },
    now,
    false,
  );
  return { changed: true, token: session.token, expiresAt: session.expiresAt.toISOString() };
}
