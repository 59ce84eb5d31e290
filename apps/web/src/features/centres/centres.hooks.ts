import type { Centre, CentreGroupInput, CreateCentre, UpdateCentre } from '@promo/contract';
import { type MutationReactions, useRefreshingMutation } from '../../lib/mutations.ts';
import {
  centreGroupKeys,
  centreKeys,
  createCentre,
  createCentreGroup,
  deleteCentre,
  deleteCentreGroup,
  updateCentre,
  updateCentreGroup,
} from './centres.api.ts';

/** Creates a centre, or updates the one given. */
export function useSaveCentre(
  centreId: string | undefined,
  reactions?: MutationReactions<Centre, CreateCentre | UpdateCentre>,
) {
  return useRefreshingMutation(
    (body: CreateCentre | UpdateCentre) =>
      centreId ? updateCentre(centreId, body) : createCentre(body as CreateCentre),
    (queryClient) => queryClient.invalidateQueries({ queryKey: centreKeys.all }),
    reactions,
  );
}

export function useDeleteCentre(reactions?: MutationReactions<unknown, string>) {
  return useRefreshingMutation(
    deleteCentre,
    (queryClient) => queryClient.invalidateQueries({ queryKey: centreKeys.all }),
    reactions,
  );
}

/** Creates a centre group, or updates the one given. */
export function useSaveCentreGroup(
  groupId: string | undefined,
  reactions?: MutationReactions<unknown, CentreGroupInput>,
) {
  return useRefreshingMutation(
    (body: CentreGroupInput) => (groupId ? updateCentreGroup(groupId, body) : createCentreGroup(body)),
    (queryClient) => queryClient.invalidateQueries({ queryKey: centreGroupKeys.all }),
    reactions,
  );
}

export function useDeleteCentreGroup(reactions?: MutationReactions<unknown, string>) {
  return useRefreshingMutation(
    deleteCentreGroup,
    (queryClient) => queryClient.invalidateQueries({ queryKey: centreGroupKeys.all }),
    reactions,
  );
}
