import type { CrmCreateUser, CrmUserInfo, Page, Participant, UploadReport } from '@promo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TableState } from '../../components/data-table.tsx';
import { type UploadChoice, uploadQuery } from '../../components/upload-refusal.ts';
import { api } from '../../lib/api.ts';

export type ParticipantFilters = TableState & { campaignId?: string | undefined };

export const participantKeys = {
  all: ['participants'] as const,
  list: (state: ParticipantFilters) => [...participantKeys.all, state] as const,
};

export const participantsQuery = (state: ParticipantFilters) =>
  queryOptions({
    queryKey: participantKeys.list(state),
    queryFn: ({ signal }) => api.get<Page<Participant>>('/participants', { query: state, signal }),
    placeholderData: keepPreviousData,
  });
export const participantInfo = (cedula: string) =>
  api.get<CrmUserInfo>('/crm/user-info', { query: { cedula } });
export const createParticipant = (body: CrmCreateUser) => api.post<Participant>('/crm/create-user', body);
export const eraseParticipant = (id: string) => api.delete(`/participants/${id}`);
export const exportParticipants = () =>
  api.download('/participants/export', { fallbackName: 'personas.csv' });
export const exportParticipant = (id: string) =>
  api.download(`/participants/${id}/export`, { fallbackName: `persona-${id}.json` });

/** multipart: the country first, then the file (the server reads the fields in order). */
export function uploadParticipants(countryCode: string, file: File, choice?: UploadChoice) {
  const body = new FormData();
  body.append('countryCode', countryCode);
  body.append('file', file);
  return api.post<UploadReport>('/uploads/participants', body, { query: uploadQuery(choice) });
}
