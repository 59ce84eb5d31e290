import type { CodesSummary, GeneratedCodes, RewardCode, UploadReport } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { type UploadChoice, uploadQuery } from '../../components/upload-refusal.ts';
import { api } from '../../lib/api.ts';

export const rewardCodeKeys = {
  all: ['reward-codes'] as const,
  summaries: () => [...rewardCodeKeys.all, 'summary'] as const,
  summary: (campaignId?: string | null) => [...rewardCodeKeys.summaries(), campaignId ?? 'all'] as const,
};

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
