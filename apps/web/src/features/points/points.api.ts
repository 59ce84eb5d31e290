import type {
  CreateRedeemCodeBatch,
  Page,
  PersonPoints,
  PointsAccount,
  PointsAdjustment,
  PointsSummary,
  RedeemCodeBatch,
  UploadReport,
} from '@promo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TableState } from '../../components/data-table.tsx';
import { type UploadChoice, uploadQuery } from '../../components/upload-refusal.ts';
import { api } from '../../lib/api.ts';

export type AccountFilters = { campaignId?: string | undefined; cedula?: string | undefined };

type SummaryFilters = { campaignId?: string | null; from?: string; to?: string };

export const pointsKeys = {
  all: ['points'] as const,
  accounts: (query: TableState & AccountFilters) => [...pointsKeys.all, 'accounts', query] as const,
  person: (participantId: string, page: number, campaignId?: string | null) =>
    [...pointsKeys.all, 'person', participantId, page, campaignId ?? 'all'] as const,
  summary: (filters: SummaryFilters) => [...pointsKeys.all, 'summary', filters] as const,
};

/** Redeem-code batches are listed apart from the balances: a change to one leaves the other. */
export const batchKeys = {
  all: ['redeem-code-batches'] as const,
  list: (query: TableState & { campaignId: string }) => [...batchKeys.all, query] as const,
};

export const accountsQuery = (state: TableState & AccountFilters) =>
  queryOptions({
    queryKey: pointsKeys.accounts(state),
    queryFn: ({ signal }) => api.get<Page<PointsAccount>>('/points/accounts', { query: state, signal }),
    placeholderData: keepPreviousData,
  });

export const personPointsQuery = (participantId: string, page: number, campaignId?: string | null) =>
  queryOptions({
    queryKey: pointsKeys.person(participantId, page, campaignId),
    queryFn: ({ signal }) =>
      api.get<PersonPoints>(`/points/people/${participantId}`, {
        query: { page, pageSize: 20, campaignId: campaignId ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const adjustPoints = (body: PointsAdjustment, key: string) =>
  api.post<{ balance: number }>('/points/adjustments', body, { headers: { 'Idempotency-Key': key } });

export const expirePoints = (campaignId: string | null) =>
  api.post<{ jobId: string }>('/points/expire', campaignId ? { campaignId } : {});

export const batchesQuery = (state: TableState & { campaignId: string }) =>
  queryOptions({
    queryKey: batchKeys.list(state),
    queryFn: ({ signal }) => api.get<Page<RedeemCodeBatch>>('/redeem-code-batches', { query: state, signal }),
    placeholderData: keepPreviousData,
  });

export const createBatch = (body: CreateRedeemCodeBatch) =>
  api.post<{ batch: RedeemCodeBatch; length: number }>('/redeem-code-batches', body);

/** multipart: the batch's fields first, then the file (the server reads them in order). */
export function uploadRedeemCodes(
  fields: { campaignId: string; name?: string; points?: number; productId?: string },
  file: File,
  choice?: UploadChoice,
) {
  const body = new FormData();
  body.append('campaignId', fields.campaignId);
  if (fields.name) body.append('name', fields.name);
  if (fields.points !== undefined) body.append('points', String(fields.points));
  if (fields.productId) body.append('productId', fields.productId);
  body.append('file', file);
  return api.post<{ batch: RedeemCodeBatch; report: UploadReport }>('/uploads/redeem-codes', body, {
    query: uploadQuery(choice),
  });
}

export const downloadBatch = (batch: RedeemCodeBatch, format: 'csv' | 'xlsx') =>
  api.download(`/redeem-code-batches/${batch.id}/codes`, {
    query: { format },
    fallbackName: `codigos-canje.${format}`,
  });

export const pointsSummaryQuery = (filters: SummaryFilters) =>
  queryOptions({
    queryKey: pointsKeys.summary(filters),
    queryFn: ({ signal }) =>
      api.get<PointsSummary[]>('/reconciliation-reports/points', {
        query: { ...filters, campaignId: filters.campaignId ?? undefined, format: 'json' },
        signal,
      }),
  });
