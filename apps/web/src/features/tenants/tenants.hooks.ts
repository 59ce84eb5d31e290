import type { CreateTenant, Tenant, UpdateTenant } from '@promo/contract';
import { type MutationReactions, useRefreshingMutation } from '../../lib/mutations.ts';
import { createTenant, tenantKeys, updateTenant } from './tenants.api.ts';

export function useCreateTenant(reactions?: MutationReactions<Tenant, CreateTenant>) {
  return useRefreshingMutation(
    createTenant,
    (queryClient) => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
    reactions,
  );
}

/** Changes a tenant: its data, its status or its theme. */
export function useUpdateTenant(
  reactions?: MutationReactions<Tenant, { id: string; changes: UpdateTenant }>,
) {
  return useRefreshingMutation(
    ({ id, changes }: { id: string; changes: UpdateTenant }) => updateTenant(id, changes),
    (queryClient) => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
    reactions,
  );
}
