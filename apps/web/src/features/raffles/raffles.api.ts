import type {
  Commitment,
  CreateCommitment,
  DrawResult,
  DrawSummary,
  EntryRow,
  Page,
  UploadReport,
} from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { type UploadChoice, uploadQuery } from '../../components/upload-refusal.ts';
import { api } from '../../lib/api.ts';
import type { DrawQueryParams } from './draw-model.ts';

type EntriesQuery = { page: number; pageSize: number; q: string };

export const raffleKeys = {
  all: ['raffles'] as const,
  entries: (campaignId: string, query: EntriesQuery) =>
    [...raffleKeys.all, 'entries', campaignId, query] as const,
  allDraws: () => [...raffleKeys.all, 'draws'] as const,
  draws: (campaignId: string) => [...raffleKeys.allDraws(), campaignId] as const,
  commitments: (campaignId: string) => [...raffleKeys.all, 'commitments', campaignId] as const,
  draw: (drawId: string) => [...raffleKeys.all, 'draw', drawId] as const,
};

export const entriesQuery = (campaignId: string, query: EntriesQuery) =>
  queryOptions({
    queryKey: raffleKeys.entries(campaignId, query),
    queryFn: ({ signal }) =>
      api.get<Page<EntryRow>>(`/raffle/campaigns/${campaignId}/entries`, {
        query: { page: query.page, pageSize: query.pageSize, q: query.q },
        signal,
      }),
  });

export const exportEntries = (campaignId: string, format: 'csv' | 'xlsx', q: string) =>
  api.download(`/raffle/campaigns/${campaignId}/entries/export`, {
    query: { format, q },
    fallbackName: `participaciones.${format}`,
  });

export const drawsQuery = (campaignId: string) =>
  queryOptions({
    queryKey: raffleKeys.draws(campaignId),
    queryFn: ({ signal }) =>
      api.get<{ items: DrawSummary[] }>(`/raffle/campaigns/${campaignId}/draws`, { signal }),
    select: (answer) => answer.items,
  });

export const commitmentsQuery = (campaignId: string) =>
  queryOptions({
    queryKey: raffleKeys.commitments(campaignId),
    queryFn: ({ signal }) =>
      api.get<{ items: Commitment[] }>(`/raffle/campaigns/${campaignId}/commitments`, { signal }),
    select: (answer) => answer.items,
  });

export const drawQuery = (drawId: string) =>
  queryOptions({
    queryKey: raffleKeys.draw(drawId),
    queryFn: ({ signal }) => api.get<DrawResult>(`/raffle/draws/${drawId}`, { signal }),
  });

/** The one-request draw (GET, as the API names it; each call is a new recorded draw). */
export const drawNow = (campaignId: string, params: DrawQueryParams) =>
  api.get<DrawResult>(`/raffle/select-winners/${campaignId}`, { query: params });

export const createCommitment = (campaignId: string, body: CreateCommitment) =>
  api.post<Commitment>(`/raffle/campaigns/${campaignId}/commitments`, body);

export const drawCommitment = (commitmentId: string, value?: string) =>
  api.post<DrawResult>(`/raffle/commitments/${commitmentId}/draw`, value ? { value } : {});

export const redraw = (drawId: string, body: { position: number; reason: string }) =>
  api.post<DrawResult>(`/raffle/draws/${drawId}/redraw`, body);

export const downloadDrawEntries = (drawId: string) =>
  api.download(`/raffle/draws/${drawId}/entries`, { fallbackName: `entries-${drawId}.csv` });

export const exportWinners = (campaignId: string, format: 'csv' | 'xlsx') =>
  api.download(`/raffle/winners/${campaignId}`, { query: { format }, fallbackName: `winners.${format}` });

export const generateRaffleCodes = (body: { campaignId: string; count: number; points?: number }) =>
  api.post<{ generated: number; length: number }>('/raffle-codes', body);

/** multipart: the campaign first, then the file (the server reads the fields in order). */
export function uploadRaffleCodes(campaignId: string, file: File, choice?: UploadChoice) {
  const body = new FormData();
  body.append('campaignId', campaignId);
  body.append('file', file);
  return api.post<UploadReport>('/uploads/raffle-codes', body, { query: uploadQuery(choice) });
}
