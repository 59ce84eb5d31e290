import type { Country, CreateCountry } from '@promo/contract';
import { type MutationReactions, useRefreshingMutation } from '../../lib/mutations.ts';
import { countryKeys, createCountry, deleteCountry, updateCountry } from './countries.api.ts';

/** Creates a country, or edits the one given (its code stays). */
export function useSaveCountry(
  code: string | undefined,
  reactions?: MutationReactions<Country, CreateCountry>,
) {
  return useRefreshingMutation(
    (values: CreateCountry) => {
      if (!code) return createCountry(values);
      const { code: _code, ...changes } = values;
      return updateCountry(code, changes);
    },
    (queryClient) => queryClient.invalidateQueries({ queryKey: countryKeys.all }),
    reactions,
  );
}

export function useDeleteCountry(reactions?: MutationReactions<unknown, string>) {
  return useRefreshingMutation(
    deleteCountry,
    (queryClient) => queryClient.invalidateQueries({ queryKey: countryKeys.all }),
    reactions,
  );
}
