import type { CrmCreateUser, CrmUserInfo, Participant } from '@promo/contract';
import { useMutation } from '@tanstack/react-query';
import { type MutationReactions, useRefreshingMutation } from '../../lib/mutations.ts';
import {
  createParticipant,
  eraseParticipant,
  exportParticipants,
  participantInfo,
  participantKeys,
} from './participants.api.ts';

export function useCreateParticipant(reactions?: MutationReactions<Participant, CrmCreateUser>) {
  return useRefreshingMutation(
    createParticipant,
    (queryClient) => queryClient.invalidateQueries({ queryKey: participantKeys.all }),
    reactions,
  );
}

export function useEraseParticipant(reactions?: MutationReactions<unknown, string>) {
  return useRefreshingMutation(
    eraseParticipant,
    (queryClient) => queryClient.invalidateQueries({ queryKey: participantKeys.all }),
    reactions,
  );
}

/** A person and their participations, by identity number; a lookup, kept as the last answer. */
export function useParticipantInfo(reactions?: MutationReactions<CrmUserInfo, string>) {
  return useMutation({ mutationFn: participantInfo, ...reactions });
}

export function useExportParticipants(reactions?: MutationReactions<unknown, void>) {
  return useMutation({ mutationFn: exportParticipants, ...reactions });
}
