import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { redemptionKeys } from '../redemption/index.ts';
import {
  fetchCode,
  generateCodes,
  reverseRedemption,
  revokeCode,
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
