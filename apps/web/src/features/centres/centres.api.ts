import type {
  Centre,
  CentreGroup,
  CentreGroupInput,
  CreateCentre,
  Page,
  UpdateCentre,
  UploadReport,
} from '@promo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TableState } from '../../components/data-table.tsx';
import { type UploadChoice, uploadQuery } from '../../components/upload-refusal.ts';
import { api } from '../../lib/api.ts';

export type CentreFilters = { active?: 'true' | 'false' | undefined; groupId?: string | undefined };

export const centreKeys = {
  all: ['centres'] as const,
  list: (state: TableState & CentreFilters) => [...centreKeys.all, 'list', state] as const,
  options: () => [...centreKeys.all, 'options'] as const,
};
export const centreGroupKeys = { all: ['centre-groups'] as const };

export const centresQuery = (state: TableState & CentreFilters) =>
  queryOptions({
    queryKey: centreKeys.list(state),
    queryFn: ({ signal }) => api.get<Page<Centre>>('/redemption-centres', { query: state, signal }),
    placeholderData: keepPreviousData,
  });

/** Every centre (the server caps a page at 200), for pickers. */
export const centreOptionsQuery = () =>
  queryOptions({
    queryKey: centreKeys.options(),
    queryFn: ({ signal }) =>
      api.get<Page<Centre>>('/redemption-centres', {
        query: { page: 1, pageSize: 200, sort: 'name' },
        signal,
      }),
    select: (page) => page.items,
    staleTime: 60_000,
  });

export const createCentre = (body: CreateCentre) => api.post<Centre>('/redemption-centres', body);
export const updateCentre = (id: string, body: UpdateCentre) =>
  api.patch<Centre>(`/redemption-centres/${id}`, body);
export const deleteCentre = (id: string) => api.delete(`/redemption-centres/${id}`);

export function uploadCentres(file: File, choice?: UploadChoice) {
  const body = new FormData();
  body.append('file', file);
  return api.post<UploadReport>('/uploads/redemption-centres', body, {
    query: uploadQuery(choice),
  });
}

export const centreGroupsQuery = () =>
  queryOptions({
    queryKey: centreGroupKeys.all,
    queryFn: ({ signal }) => api.get<CentreGroup[]>('/redemption-centre-groups', { signal }),
  });
export const createCentreGroup = (body: CentreGroupInput) =>
  api.post<CentreGroup>('/redemption-centre-groups', body);
export const updateCentreGroup = (id: string, body: CentreGroupInput) =>
  api.put<CentreGroup>(`/redemption-centre-groups/${id}`, body);
export const deleteCentreGroup = (id: string) => api.delete(`/redemption-centre-groups/${id}`);
