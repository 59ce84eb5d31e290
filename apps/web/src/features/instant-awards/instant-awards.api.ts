import type { AwardList, CreatePrize, MomentsView, Prize, SetMoments, UpdatePrize } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const instantAwardKeys = {
  prizes: (campaignId: string) => ['instant-prizes', campaignId] as const,
  moments: (campaignId: string) => ['instant-moments', campaignId] as const,
  awards: (campaignId: string) => ['instant-awards', campaignId] as const,
};

export const prizesQuery = (campaignId: string) =>
  queryOptions({
    queryKey: instantAwardKeys.prizes(campaignId),
    queryFn: ({ signal }) => api.get<{ items: Prize[] }>(`/instant-awards/${campaignId}/prizes`, { signal }),
    select: (answer) => answer.items,
  });

export const momentsQuery = (campaignId: string) =>
  queryOptions({
    queryKey: instantAwardKeys.moments(campaignId),
    queryFn: ({ signal }) => api.get<MomentsView>(`/instant-awards/${campaignId}/moments`, { signal }),
  });

export const awardsQuery = (campaignId: string) =>
  queryOptions({
    queryKey: instantAwardKeys.awards(campaignId),
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
