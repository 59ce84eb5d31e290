import type {
  CreateLanding,
  CreateLandingFromTemplate,
  LandingGroup,
  LandingGroupInput,
} from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from '../../lib/api.ts';
import { type MutationReactions, useRefreshingMutation } from '../../lib/mutations.ts';
import { newRequestKey } from '../../lib/request-key.ts';
import {
  createLanding,
  createLandingFromTemplate,
  createLandingGroup,
  createTemplateGroup,
  deleteLanding,
  deleteLandingGroup,
  duplicateLanding,
  type LandingWithDocument,
  landingGroupKeys,
  landingKeys,
  publishLanding,
  rollbackLanding,
  updateLanding,
  updateLandingGroup,
} from './landings.api.ts';

const refreshLandings = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: landingKeys.all });

export function useCreateLanding(reactions?: MutationReactions<{ id: string }, CreateLanding>) {
  return useRefreshingMutation(createLanding, refreshLandings, reactions);
}

export function useCreateLandingFromTemplate(
  reactions?: MutationReactions<{ id: string }, CreateLandingFromTemplate>,
) {
  return useRefreshingMutation(createLandingFromTemplate, refreshLandings, reactions);
}

export function useRenameLanding(
  landingId: string,
  reactions?: MutationReactions<LandingWithDocument, string>,
) {
  return useRefreshingMutation(
    (name: string) => updateLanding(landingId, { name }),
    refreshLandings,
    reactions,
  );
}

export function useDuplicateLanding(reactions?: MutationReactions<LandingWithDocument, string>) {
  return useRefreshingMutation(duplicateLanding, refreshLandings, reactions);
}

export function useDeleteLanding(reactions?: MutationReactions<unknown, string>) {
  return useRefreshingMutation(deleteLanding, refreshLandings, reactions);
}

/**
 * Publishes a landing's draft. Only the lists and the versions go stale: the builder keeps the
 * landing it opened (its draft did not change), so its cached copy is not refetched.
 */
export function usePublishLanding(reactions?: MutationReactions<LandingWithDocument, string>) {
  return useRefreshingMutation(
    publishLanding,
    async (queryClient, _landing, landingId) => {
      await queryClient.invalidateQueries({ queryKey: landingKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: landingKeys.versions(landingId) });
    },
    reactions,
  );
}

/** Publishes an earlier version again. */
export function useRollbackLanding(
  landingId: string,
  reactions?: MutationReactions<LandingWithDocument, number>,
) {
  return useRefreshingMutation(
    (version: number) => rollbackLanding(landingId, version),
    refreshLandings,
    reactions,
  );
}

/** Creates a landing group, or updates the one given. */
export function useSaveLandingGroup(
  groupId: string | undefined,
  reactions?: MutationReactions<LandingGroup, LandingGroupInput>,
) {
  return useRefreshingMutation(
    (body: LandingGroupInput) => (groupId ? updateLandingGroup(groupId, body) : createLandingGroup(body)),
    (queryClient) => queryClient.invalidateQueries({ queryKey: landingGroupKeys.all }),
    reactions,
  );
}

export function useDeleteLandingGroup(reactions?: MutationReactions<unknown, string>) {
  return useRefreshingMutation(
    deleteLandingGroup,
    (queryClient) => queryClient.invalidateQueries({ queryKey: landingGroupKeys.all }),
    reactions,
  );
}

export type PublishedPageInput = { campaignId: string };

/**
 * The campaign's designed form page and thank-you page (its kind's templates, filled with the
 * campaign's fields and texts), published at once as one group named after the campaign: the
 * guided path's "create and publish". One request, one transaction on the server.
 *
 * Guarded against double submission on both sides: `publish` does nothing while a request is on
 * its way (a double click sends one request, before the button has rendered as disabled), and
 * the request carries one Idempotency-Key per intended page, kept until the server answers, so a
 * retry after a lost answer gets the same group back instead of a second one.
 */
export function useCreatePublishedPage(reactions?: MutationReactions<LandingGroup, PublishedPageInput>) {
  const key = useRef<string | null>(null);
  const sending = useRef(false);
  const mutation = useRefreshingMutation(
    async ({ campaignId }: PublishedPageInput) => {
      key.current ??= newRequestKey();
      try {
        const group = await createTemplateGroup(campaignId, {}, key.current);
        key.current = null;
        return group;
      } catch (error) {
        // an answer (a refusal) spends the key; a request that got none keeps it for the retry
        if (error instanceof ApiError) key.current = null;
        throw error;
      }
    },
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: landingKeys.all });
      await queryClient.invalidateQueries({ queryKey: landingGroupKeys.all });
    },
    reactions,
  );
  const publish = (input: PublishedPageInput) => {
    if (sending.current) return;
    sending.current = true;
    mutation.mutate(input, {
      onSettled: () => {
        sending.current = false;
      },
    });
  };
  return { publish, isPending: mutation.isPending };
}
