import type { RewardCode } from '@promo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CounterQuery, newIdempotencyKey, sortCodesForCounter } from './counter-model.ts';
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

/** Redeems a code; a refusal may follow a concurrent redemption, so the list is read again either way. */
export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => redeemCode(code, newIdempotencyKey()),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: redemptionKeys.all });
    },
  });
}
