import type { CreatePrize, MomentsView, Prize, SetMoments } from '@promo/contract';
import { type MutationReactions, useRefreshingMutation } from '../../lib/mutations.ts';
import { createPrize, deletePrize, instantAwardKeys, setMoments, updatePrize } from './instant-awards.api.ts';

/** Creates a prize of the campaign, or updates the one given. */
export function useSavePrize(
  campaignId: string,
  prizeId: string | undefined,
  reactions?: MutationReactions<Prize, CreatePrize>,
) {
  return useRefreshingMutation(
    (body: CreatePrize) => (prizeId ? updatePrize(prizeId, body) : createPrize(campaignId, body)),
    (queryClient) => queryClient.invalidateQueries({ queryKey: instantAwardKeys.prizes(campaignId) }),
    reactions,
  );
}

/** Deletes a prize; its winning moments go with it. */
export function useDeletePrize(campaignId: string, reactions?: MutationReactions<unknown, string>) {
  return useRefreshingMutation(
    deletePrize,
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: instantAwardKeys.prizes(campaignId) });
      await queryClient.invalidateQueries({ queryKey: instantAwardKeys.moments(campaignId) });
    },
    reactions,
  );
}

/** Seals the winning moments: generated, or set by hand. */
export function useSetMoments(campaignId: string, reactions?: MutationReactions<MomentsView, SetMoments>) {
  return useRefreshingMutation(
    (body: SetMoments) => setMoments(campaignId, body),
    (queryClient) => queryClient.invalidateQueries({ queryKey: instantAwardKeys.moments(campaignId) }),
    reactions,
  );
}
