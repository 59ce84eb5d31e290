import type { CreateMarketplace, Marketplace, UpdateMarketplace } from '@promo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createMarketplace,
  deleteMarketplace,
  marketplaceKeys,
  updateMarketplace,
} from './marketplaces.api.ts';

function useRefreshMarketplaces() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.all });
}

/** Creates (no marketplace) or updates one; the form checked the body against the contract. */
export function useSaveMarketplace(marketplace: Marketplace | undefined) {
  const refresh = useRefreshMarketplaces();
  return useMutation({
    mutationFn: (body: CreateMarketplace | UpdateMarketplace) =>
      marketplace ? updateMarketplace(marketplace.id, body) : createMarketplace(body as CreateMarketplace),
    onSuccess: refresh,
  });
}

export function useDeleteMarketplace() {
  const refresh = useRefreshMarketplaces();
  return useMutation({ mutationFn: deleteMarketplace, onSuccess: refresh });
}
