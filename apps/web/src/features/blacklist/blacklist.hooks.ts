import type { BlacklistEntry, CreateBlacklistEntry } from '@promo/contract';
import { type MutationReactions, useRefreshingMutation } from '../../lib/mutations.ts';
import { addBlacklistEntry, blacklistKeys, removeBlacklistEntry } from './blacklist.api.ts';

export function useAddBlacklistEntry(reactions?: MutationReactions<BlacklistEntry, CreateBlacklistEntry>) {
  return useRefreshingMutation(
    addBlacklistEntry,
    (queryClient) => queryClient.invalidateQueries({ queryKey: blacklistKeys.all }),
    reactions,
  );
}

export function useRemoveBlacklistEntry(reactions?: MutationReactions<unknown, string>) {
  return useRefreshingMutation(
    removeBlacklistEntry,
    (queryClient) => queryClient.invalidateQueries({ queryKey: blacklistKeys.all }),
    reactions,
  );
}
