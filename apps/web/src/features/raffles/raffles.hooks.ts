import type { Commitment, CreateCommitment, DrawResult } from '@promo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DrawQueryParams } from './draw-model.ts';
import {
  createCommitment,
  drawCommitment,
  drawNow,
  generateRaffleCodes,
  raffleKeys,
  redraw,
} from './raffles.api.ts';

export function useGenerateRaffleCodes() {
  return useMutation({ mutationFn: generateRaffleCodes });
}

/** A draw now (recorded at once) or a commitment recorded first, drawn later. */
export type DrawRequest =
  | { mode: 'now'; params: DrawQueryParams }
  | { mode: 'commit'; body: CreateCommitment };
export type DrawAnswer = { drawn: DrawResult; committed: null } | { drawn: null; committed: Commitment };

export function useSubmitDraw(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: DrawRequest): Promise<DrawAnswer> =>
      request.mode === 'now'
        ? { drawn: await drawNow(campaignId, request.params), committed: null }
        : { drawn: null, committed: await createCommitment(campaignId, request.body) },
    // not awaited: the result shows at once, the lists follow
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({
        queryKey: answer.drawn ? raffleKeys.draws(campaignId) : raffleKeys.commitments(campaignId),
      });
    },
  });
}

/** Draws a recorded commitment: it is no longer pending and a draw is added. */
export function useDrawCommitment(commitment: { id: string; campaignId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: string | undefined) => drawCommitment(commitment.id, value),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: raffleKeys.commitments(commitment.campaignId) });
      void queryClient.invalidateQueries({ queryKey: raffleKeys.draws(commitment.campaignId) });
    },
  });
}

export function useRedraw(drawId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { position: number; reason: string }) => redraw(drawId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: raffleKeys.allDraws() }),
  });
}
