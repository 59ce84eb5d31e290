import type {
  CodeFilter,
  CodeList,
  CodesRevoked,
  CodesSummary,
  GeneratedCodes,
  RevokeCodes,
  RewardCode,
  UploadReport,
} from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { type UploadChoice, uploadQuery } from '../../components/upload-refusal.ts';
import { api } from '../../lib/api.ts';

export const rewardCodeKeys = {
  all: ['reward-codes'] as const,
  summaries: () => [...rewardCodeKeys.all, 'summary'] as const,
  summary: (campaignId?: string | null) => [...rewardCodeKeys.summaries(), campaignId ?? 'all'] as const,
  lists: () => [...rewardCodeKeys.all, 'list'] as const,
  list: (campaignId: string, filter: CodeFilter, after: string | undefined) =>
    [...rewardCodeKeys.lists(), campaignId, filter, after ?? ''] as const,
};

/** A page of a campaign's codes after the code `after` (keyset). */
export const codeListQuery = (campaignId: string, filter: CodeFilter, after: string | undefined) =>
  queryOptions({
    queryKey: rewardCodeKeys.list(campaignId, filter, after),
    queryFn: ({ signal }) =>
      api.get<CodeList>('/reward-codes', { query: { campaignId, ...filter, after, pageSize: 50 }, signal }),
  });

/** The filtered codes as a CSV or XLSX file, saved with the server's name. */
export const downloadCodes = (campaignId: string, filter: CodeFilter, format: 'csv' | 'xlsx') =>
  api.download('/reconciliation-reports/reward-codes', {
    query: { campaignId, ...filter, format },
    fallbackName: `codigos.${format}`,
  });

export const revokeCodes = (body: RevokeCodes) => api.post<CodesRevoked>('/reward-codes/revoke', body);

export const codesSummaryQuery = (campaignId?: string | null) =>
  queryOptions({
    queryKey: rewardCodeKeys.summary(campaignId),
    queryFn: ({ signal }) =>
      api.get<CodesSummary[]>('/reconciliation-reports/codes', {
        query: { campaignId: campaignId ?? undefined, format: 'json' },
        signal,
      }),
  });

export const generateCodes = (body: { campaignId: string; count: number; prefix?: string }) =>
  api.post<GeneratedCodes>('/reward-codes', body);

/** multipart: the campaign first, then the file (the server reads the fields in order). */
export function uploadCodes(campaignId: string, file: File, choice?: UploadChoice) {
  const body = new FormData();
  body.append('campaignId', campaignId);
  body.append('file', file);
  return api.post<UploadReport>('/uploads/reward-codes', body, { query: uploadQuery(choice) });
}

export const fetchCode = (code: string) => api.get<RewardCode>(`/reward-codes/${encodeURIComponent(code)}`);
export const revokeCode = (code: string, reason?: string) =>
  api.post<{ code: string; status: 'revoked' }>(
    '/reward-codes/disable',
    reason ? { code, reason } : { code },
  );
export const reverseRedemption = (id: string, reason: string) =>
  api.post<{ id: string; code: string; reversed: true }>(`/redemptions/${id}/reverse`, { reason });
