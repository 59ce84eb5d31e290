import type { CodeFilter } from '@promo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { redemptionKeys } from '../redemption/index.ts';
import {
  downloadCodes,
  fetchCode,
  generateCodes,
  reverseRedemption,
  revokeCode,
  revokeCodes,
  rewardCodeKeys,
} from './reward-codes.api.ts';

/** Reads the codes' counts again (after an upload, or when a generation job ends). */
export function useRefreshCodesSummary() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: rewardCodeKeys.summaries() }),
    [queryClient],
  );
}

/** Generates codes now, or queues a job for a large count (its end refreshes the counts). */
export function useGenerateCodes() {
  const refresh = useRefreshCodesSummary();
  return useMutation({
    mutationFn: generateCodes,
    onSuccess: async (answer) => {
      if (!('jobId' in answer)) await refresh();
    },
  });
}

/** Looks a code up by its text (on demand, so a mutation). */
export function useCodeLookup() {
  return useMutation({ mutationFn: fetchCode });
}

/** A revoked code or a reversed redemption changes the counts and the redemptions list. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: rewardCodeKeys.summaries() });
    void queryClient.invalidateQueries({ queryKey: rewardCodeKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: redemptionKeys.all });
  };
}

export function useRevokeCode() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: (code: string) => revokeCode(code), onSuccess: refresh });
}

export function useReverseRedemption() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => reverseRedemption(id, reason),
    onSuccess: refresh,
  });
}

/** Revokes a campaign's codes by filter or by a file's list; the counts and the list are read again. */
export function useRevokeCodes() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: revokeCodes, onSuccess: refresh });
}

export function useDownloadCodes() {
  return useMutation({
    mutationFn: (v: { campaignId: string; filter: CodeFilter; format: 'csv' | 'xlsx' }) =>
      downloadCodes(v.campaignId, v.filter, v.format),
  });
}
