import {
  type CreateTenant,
  type Page,
  type PublicTenantTheme,
  type Tenant,
  TenantConfig,
  Theme,
  type UpdateTenant,
} from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { forgetAllPrincipals } from '../../platform/auth/principals.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError, isUniqueViolation } from '../../platform/errors.ts';
import { patchedJson } from '../../platform/merge-patch.ts';
import { findCountry } from '../countries/index.ts';
import { insertUser } from '../users/index.ts';
import { findTenantBySlugCached, publicThemeOf, tenantsBySlug } from './tenant-lookup.ts';
import {
  deleteSuspendedTenant,
  findTenantById,
  insertTenant,
  listTenants as listTenantRows,
  PLATFORM_TENANT_ID,
  switchTenant,
  toTenant,
  updateTenantRow,
} from './tenants.repository.ts';

async function assertCountry(tx: Tx, code: string | undefined): Promise<void> {
  if (code && !(await findCountry(tx, code))) throw fieldError('countryCode', 'FIELD_INVALID');
}

export async function listTenants(
  ctx: Ctx,
  query: {
    page: number;
    pageSize: number;
    sort?: string | undefined;
    q?: string | undefined;
    status?: 'active' | 'suspended' | undefined;
  },
): Promise<Page<Tenant>> {
  const { rows, total } = await inTenant(ctx, (tx) => listTenantRows(tx, query));
  return { items: rows.map(toTenant), total, page: query.page, pageSize: query.pageSize };
}

export async function getTenant(ctx: Ctx, id: string): Promise<Tenant> {
  const row = await inTenant(ctx, (tx) => findTenantById(tx, id));
  if (!row) throw new AppError('NOT_FOUND');
  return toTenant(row);
}

/** Creates a tenant, and its first admin when given, in one transaction. */
export async function createTenant(ctx: Ctx, input: CreateTenant): Promise<Tenant> {
  actorOf(ctx);
  const adminHash = input.admin ? await hashPassword(input.admin.password) : null;
  try {
    return await inTenant(ctx, async (tx) => {
      await assertCountry(tx, input.countryCode);
      const row = await insertTenant(tx, {
        slug: input.slug,
        name: input.name,
        countryCode: input.countryCode,
        theme: Theme.parse(input.theme ?? {}),
        config: TenantConfig.parse(input.config ?? {}),
      });
      await audit(tx, ctx, {
        tenantId: PLATFORM_TENANT_ID,
        action: 'tenant.create',
        entityType: 'tenant',
        entityId: row.id,
      });
      if (input.admin && adminHash) {
        await switchTenant(tx, row.id);
        const admin = await insertUser(tx, {
          tenantId: row.id,
          username: input.admin.username,
          passwordHash: adminHash,
          role: 'ADMIN',
          name: input.admin.name ?? null,
          email: input.admin.email ?? null,
        });
        await audit(tx, ctx, {
          tenantId: row.id,
          action: 'user.create',
          entityType: 'user',
          entityId: admin.id,
          details: { role: 'ADMIN' },
        });
        await switchTenant(tx, PLATFORM_TENANT_ID);
      }
      return toTenant(row);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('TENANT_SLUG_TAKEN', [{ path: 'slug', code: 'TENANT_SLUG_TAKEN' }]);
    throw error;
  }
}

/**
 * Changes the fields given. Theme and configuration are merged into the stored ones on the
 * tenant's row locked, so that two changes of different keys both stay.
 */
export async function updateTenant(ctx: Ctx, id: string, input: UpdateTenant): Promise<Tenant> {
  const tenant = await inTenant(ctx, async (tx) => {
    await assertCountry(tx, input.countryCode);
    const current = await findTenantById(tx, id, { lock: true });
    if (!current) throw new AppError('NOT_FOUND');
    const { theme, config, ...columns } = input;
    const row = await updateTenantRow(
      tx,
      id,
      {
        ...columns,
        ...(theme !== undefined ? { theme: patchedJson(Theme, current.theme, theme, 'theme') } : {}),
        ...(config !== undefined
          ? { config: patchedJson(TenantConfig, current.config, config, 'config') }
          : {}),
      },
      ctx.clock.now(),
    );
    if (!row) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, {
      tenantId: PLATFORM_TENANT_ID,
      action: input.status
        ? `tenant.${input.status === 'suspended' ? 'suspend' : 'activate'}`
        : 'tenant.update',
      entityType: 'tenant',
      entityId: id,
      details: { fields: Object.keys(input) },
    });
    return toTenant(row);
  });
  // after the commit: another process told now must not read the old row again
  tenantsBySlug(ctx).delete(tenant.slug);
  forgetAllPrincipals(ctx.cache);
  return tenant;
}

/** Deletes a tenant and all its data; only a suspended one, so that it is never a slip. */
export async function deleteTenant(ctx: Ctx, id: string): Promise<void> {
  const slug = await inTenant(ctx, async (tx) => {
    const tenant = await findTenantById(tx, id);
    if (!tenant) throw new AppError('NOT_FOUND');
    if (!(await deleteSuspendedTenant(tx, id))) throw new AppError('TENANT_NOT_SUSPENDED');
    await audit(tx, ctx, {
      tenantId: PLATFORM_TENANT_ID,
      action: 'tenant.delete',
      entityType: 'tenant',
      entityId: id,
    });
    return tenant.slug;
  });
  tenantsBySlug(ctx).delete(slug);
  forgetAllPrincipals(ctx.cache);
}

/** The login screen's theme for a tenant slug. */
export async function getPublicTheme(ctx: Ctx, slug: string): Promise<PublicTenantTheme> {
  const row = await findTenantBySlugCached(ctx, slug);
  if (!row) throw new AppError('NOT_FOUND');
  return publicThemeOf(row);
}

/** The signed-in user's own tenant (name, theme, configuration) for the back-office layout. */
export async function getOwnTenant(ctx: Ctx): Promise<Tenant> {
  const actor = actorOf(ctx);
  const row = await inTenant(ctx, (tx) => findTenantById(tx, actor.tenantId));
  if (!row) throw new AppError('NOT_FOUND');
  const tenant = toTenant(row);
  // the emoji service key is the builder's, and the builder is for admins
  return actor.role === 'ADMIN' ? tenant : { ...tenant, config: { ...tenant.config, emojiServiceKey: null } };
}
