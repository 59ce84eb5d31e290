import type { CodeFilter } from '@promo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { goLiveKeys } from '../go-live/index.ts';
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

/**
 * New codes (generated, uploaded, or made by a generation job that ended) change every reading of a
 * campaign's codes: their counts, their list, and the go-live checklist's "codes to hand out".
 */
export function useRefreshCodes() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardCodeKeys.all }),
        queryClient.invalidateQueries({ queryKey: goLiveKeys.all }),
      ]),
    [queryClient],
  );
}

/** Generates codes now, or queues a job for a large count (its end refreshes the counts). */
export function useGenerateCodes() {
  const refresh = useRefreshCodes();
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

/** A revoked code or a reversed redemption changes the codes' readings and the redemptions list. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  const refreshCodes = useRefreshCodes();
  return () => {
    void refreshCodes();
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
