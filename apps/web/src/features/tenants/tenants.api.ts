import type { CreateTenant, Page, Tenant, UpdateTenant } from '@promo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TableState } from '../../components/data-table.tsx';
import { api } from '../../lib/api.ts';

export const tenantKeys = {
  all: ['tenants'] as const,
  list: (state: TableState) => [...tenantKeys.all, state] as const,
  /** The signed-in user's own tenant, apart: changes to the platform's list do not touch it. */
  own: () => ['tenant'] as const,
};

export const ownTenantQuery = () =>
  queryOptions({
    queryKey: tenantKeys.own(),
    queryFn: () => api.get<Tenant>('/tenant'),
    staleTime: 5 * 60_000,
  });

export const tenantsQuery = (state: TableState) =>
  queryOptions({
    queryKey: tenantKeys.list(state),
    queryFn: ({ signal }) => api.get<Page<Tenant>>('/tenants', { query: state, signal }),
    placeholderData: keepPreviousData,
  });

export const createTenant = (body: CreateTenant) => api.post<Tenant>('/tenants', body);
export const updateTenant = (id: string, body: UpdateTenant) => api.patch<Tenant>(`/tenants/${id}`, body);
