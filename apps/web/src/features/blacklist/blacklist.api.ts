import type { BlacklistEntry, BlacklistKind, CreateBlacklistEntry, Page } from '@promo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TableState } from '../../components/data-table.tsx';
import { api } from '../../lib/api.ts';

export const blacklistQuery = (state: TableState & { kind?: BlacklistKind | undefined }) =>
  queryOptions({
    queryKey: ['blacklist', state],
    queryFn: ({ signal }) => api.get<Page<BlacklistEntry>>('/blacklist', { query: state, signal }),
    placeholderData: keepPreviousData,
  });
export const addBlacklistEntry = (body: CreateBlacklistEntry) => api.post<BlacklistEntry>('/blacklist', body);
export const removeBlacklistEntry = (id: string) => api.delete(`/blacklist/${id}`);
