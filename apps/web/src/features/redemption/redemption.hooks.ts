import type { RewardCode } from '@promo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useBackOffice } from '../auth/index.ts';
import { type CounterQuery, idempotencyKeyPerRedemption, sortCodesForCounter } from './counter-model.ts';
import { lookUpByCedula, lookUpByCode, redeemCode, redemptionKeys } from './redemption.api.ts';

/** The counter's search: one code, or a person's codes (the redeemable ones first). */
export function useCounterLookup() {
  return useMutation({
    mutationFn: async (query: CounterQuery): Promise<RewardCode[]> => {
      if (query.kind === 'cedula') return sortCodesForCounter(await lookUpByCedula(query.value));
      return [await lookUpByCode(query.value)];
    },
  });
}

/**
 * Whether a failed redemption was answered for good: a refusal. No answer (status 0), a server
 * error, a timeout or a rate limit leave the redemption undecided, to be tried again with its key.
 */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/**
 * Redeems a code, with one Idempotency-Key per intended redemption kept across retries
 * (`idempotencyKeyPerRedemption`); a refusal may follow a concurrent redemption, so the list is read again
 * either way.
 */
export function useRedeemCode() {
  const queryClient = useQueryClient();
  // the desk is the signed-in operator's: the server knows their centre
  const { userId } = useBackOffice();
  const [keys] = useState(() => idempotencyKeyPerRedemption());
  return useMutation({
    mutationFn: async (code: string) => {
      const intent = `${userId} ${code}`;
      try {
        const answer = await redeemCode(code, keys.keyFor(intent));
        keys.settle(intent);
        return answer;
      } catch (error) {
        if (isRefusal(error)) keys.settle(intent);
        throw error;
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: redemptionKeys.all });
    },
  });
}
