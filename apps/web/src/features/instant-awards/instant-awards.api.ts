import type { AwardList, CreatePrize, MomentsView, Prize, SetMoments, UpdatePrize } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const prizesQuery = (campaignId: string) =>
  queryOptions({
    queryKey: ['instant-prizes', campaignId],
    queryFn: ({ signal }) => api.get<{ items: Prize[] }>(`/instant-awards/${campaignId}/prizes`, { signal }),
    select: (answer) => answer.items,
  });

export const momentsQuery = (campaignId: string) =>
  queryOptions({
    queryKey: ['instant-moments', campaignId],
    queryFn: ({ signal }) => api.get<MomentsView>(`/instant-awards/${campaignId}/moments`, { signal }),
  });

export const awardsQuery = (campaignId: string) =>
  queryOptions({
    queryKey: ['instant-awards', campaignId],
    queryFn: ({ signal }) => api.get<AwardList>(`/instant-awards/${campaignId}/awards`, { signal }),
    select: (answer) => answer.items,
  });

export const createPrize = (campaignId: string, body: CreatePrize) =>
  api.post<Prize>(`/instant-awards/${campaignId}/prizes`, body);
export const updatePrize = (id: string, body: UpdatePrize) =>
  api.patch<Prize>(`/instant-award-prizes/${id}`, body);
export const deletePrize = (id: string) => api.delete(`/instant-award-prizes/${id}`);
export const setMoments = (campaignId: string, body: SetMoments) =>
  api.put<MomentsView>(`/instant-awards/${campaignId}/moments`, body);
