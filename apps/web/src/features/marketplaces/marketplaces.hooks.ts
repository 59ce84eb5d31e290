import { CreateMarketplace, type Marketplace, UpdateMarketplace } from '@promo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkedBody } from '../../lib/checked-body.ts';
import { type MarketplaceFormValues, toMarketplaceBody } from './marketplace-form-model.ts';
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

/** Creates (no marketplace) or updates one from the form's values, checked against the contract. */
export function useSaveMarketplace(marketplace: Marketplace | undefined, timeZone: string | undefined) {
  const refresh = useRefreshMarketplaces();
  return useMutation({
    mutationFn: (values: MarketplaceFormValues) => {
      const body = toMarketplaceBody(values, Boolean(marketplace), timeZone);
      return marketplace
        ? updateMarketplace(marketplace.id, checkedBody(UpdateMarketplace, body))
        : createMarketplace(checkedBody(CreateMarketplace, body));
    },
    onSuccess: refresh,
  });
}

export function useDeleteMarketplace() {
  const refresh = useRefreshMarketplaces();
  return useMutation({ mutationFn: deleteMarketplace, onSuccess: refresh });
}
