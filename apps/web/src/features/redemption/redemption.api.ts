import type { Page, Redemption, RedemptionRow, RewardCode } from '@promo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type RedemptionFilters = {
  from?: string | undefined;
  to?: string | undefined;
  centreId?: string | undefined;
  campaignId?: string | undefined;
  page: number;
  pageSize: number;
};

export const redemptionKeys = {
  all: ['redemptions'] as const,
  list: (filters: RedemptionFilters) => [...redemptionKeys.all, 'list', filters] as const,
};

export const redemptionsQuery = (filters: RedemptionFilters) =>
  queryOptions({
    queryKey: redemptionKeys.list(filters),
    queryFn: ({ signal }) => api.get<Page<RedemptionRow>>('/redemptions', { query: filters, signal }),
    placeholderData: keepPreviousData,
  });

export const lookUpByCode = (code: string) =>
  api.get<RewardCode>(`/reward-codes/get-by-code/${encodeURIComponent(code)}`);
export const lookUpByCedula = (cedula: string) =>
  api.get<RewardCode[]>(`/reward-codes/get-by-cedula/${encodeURIComponent(cedula)}`);

/** A redemption under its Idempotency-Key: a retry with the same key gets the first answer back. */
export const redeemCode = (code: string, idempotencyKey: string) =>
  api.post<Redemption>('/redeem-codes', { code }, { headers: { 'Idempotency-Key': idempotencyKey } });
