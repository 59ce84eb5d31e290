import type { Centre, CentreGroupInput } from '@promo/contract';
import { type MutationReactions, useRefreshingMutation } from '../../lib/mutations.ts';
import { type CentreFormValues, toCentreBody } from './centre-form-model.ts';
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
  reactions?: MutationReactions<Centre, CentreFormValues>,
) {
  return useRefreshingMutation(
    (values: CentreFormValues) => {
      const body = toCentreBody(values, Boolean(centreId));
      return centreId ? updateCentre(centreId, body) : createCentre(body as never);
    },
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
