import {
  CreateTenant,
  IdParams,
  PublicTenantTheme,
  pageOf,
  Tenant,
  TenantListQuery,
  TenantSlugParams,
  UpdateTenant,
} from '@promo/contract';
import { z } from 'zod';
import { TENANT_ROLES } from '../../platform/auth/guard.ts';
import type { FeatureDeps } from '../types.ts';
import {
  createTenant,
  deleteTenant,
  getOwnTenant,
  getPublicTheme,
  getTenant,
  listTenants,
  updateTenant,
} from './tenants.service.ts';

const PLATFORM = ['SUPERADMIN'] as const;
const tags = ['tenants'];

export function registerTenantsRoutes({ app, ctxOf, limits }: FeatureDeps): void {
  app.get(
    '/api/tenants',
    {
      config: { access: PLATFORM },
      schema: { tags, summary: 'Tenants', querystring: TenantListQuery, response: { 200: pageOf(Tenant) } },
    },
    async (request) => listTenants(ctxOf(request), request.query),
  );
  app.post(
    '/api/tenants',
    {
      config: { access: PLATFORM },
      schema: {
        tags,
        summary: 'Create a tenant (and its first admin)',
        body: CreateTenant,
        response: { 201: Tenant },
      },
    },
    async (request, reply) => reply.status(201).send(await createTenant(ctxOf(request), request.body)),
  );
  app.get(
    '/api/tenants/:id',
    {
      config: { access: PLATFORM },
      schema: { tags, summary: 'A tenant', params: IdParams, response: { 200: Tenant } },
    },
    async (request) => getTenant(ctxOf(request), request.params.id),
  );
  app.patch(
    '/api/tenants/:id',
    {
      config: { access: PLATFORM },
      schema: {
        tags,
        summary: 'Update or suspend a tenant',
        params: IdParams,
        body: UpdateTenant,
        response: { 200: Tenant },
      },
    },
    async (request) => updateTenant(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/tenants/:id',
    {
      config: { access: PLATFORM },
      schema: {
        tags,
        summary: 'Delete a suspended tenant and its data',
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteTenant(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/tenant',
    {
      config: { access: TENANT_ROLES },
      schema: { tags, summary: 'The caller’s own tenant', response: { 200: Tenant } },
    },
    async (request) => getOwnTenant(ctxOf(request)),
  );
  app.get(
    '/api/public/tenants/:slug/theme',
    {
      config: { access: 'public', rateLimit: { max: limits.publicPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'A tenant’s theme for its login screen',
        params: TenantSlugParams,
        response: { 200: PublicTenantTheme },
      },
    },
    async (request) => getPublicTheme(ctxOf(request), request.params.slug),
  );
}
