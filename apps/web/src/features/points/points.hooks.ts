import type { CreateRedeemCodeBatch, PointsAdjustment, RedeemCodeBatch } from '@promo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showApiError } from '../../lib/form-errors.ts';
import {
  adjustPoints,
  batchKeys,
  createBatch,
  downloadBatch,
  expirePoints,
  pointsKeys,
} from './points.api.ts';

/** Reads every balance, ledger and summary again (an expiry job ended). */
export function useRefreshPoints() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: pointsKeys.all }), [queryClient]);
}

/** Queues the expiry job; the page follows it and refreshes the points when it ends. */
export function useExpirePoints() {
  return useMutation({ mutationFn: expirePoints });
}

/** An admin's adjustment, sent once per key (a retried request never adjusts twice). */
export function useAdjustPoints() {
  const refresh = useRefreshPoints();
  return useMutation({
    mutationFn: ({ body, key }: { body: PointsAdjustment; key: string }) => adjustPoints(body, key),
    onSuccess: refresh,
  });
}

/** Reads the batches again (a batch was generated or uploaded). */
export function useRefreshBatches() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: batchKeys.all }), [queryClient]);
}

/** A new batch, the body checked against the contract by the form. */
export function useCreateBatch() {
  const refresh = useRefreshBatches();
  return useMutation({
    mutationFn: (body: CreateRedeemCodeBatch) => createBatch(body),
    onSuccess: refresh,
  });
}

/** A batch's codes as CSV or XLSX; a failure is shown as a toast. */
export function useDownloadBatch() {
  return useMutation({
    mutationFn: ({ batch, format }: { batch: RedeemCodeBatch; format: 'csv' | 'xlsx' }) =>
      downloadBatch(batch, format),
    onError: (error) => showApiError(error),
  });
}
