import type { GoLive } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const goLiveKeys = {
  all: ['go-live'] as const,
  /** Keyed by the campaign's last change too: saving its form or its centres refreshes the list. */
  of: (campaignId: string, version: string) => [...goLiveKeys.all, campaignId, version] as const,
};

export const goLiveQuery = (campaignId: string, version: string) =>
  queryOptions({
    queryKey: goLiveKeys.of(campaignId, version),
    queryFn: ({ signal }) => api.get<GoLive>(`/campaigns/${campaignId}/go-live`, { signal }),
  });
