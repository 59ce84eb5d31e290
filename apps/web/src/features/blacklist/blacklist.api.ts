import type { BlacklistEntry, BlacklistKind, CreateBlacklistEntry, Page } from '@promo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TableState } from '../../components/data-table.tsx';
import { api } from '../../lib/api.ts';

export type BlacklistFilters = TableState & { kind?: BlacklistKind | undefined };

export const blacklistKeys = {
  all: ['blacklist'] as const,
  list: (state: BlacklistFilters) => [...blacklistKeys.all, state] as const,
};

export const blacklistQuery = (state: BlacklistFilters) =>
  queryOptions({
    queryKey: blacklistKeys.list(state),
    queryFn: ({ signal }) => api.get<Page<BlacklistEntry>>('/blacklist', { query: state, signal }),
    placeholderData: keepPreviousData,
  });
export const addBlacklistEntry = (body: CreateBlacklistEntry) => api.post<BlacklistEntry>('/blacklist', body);
export const removeBlacklistEntry = (id: string) => api.delete(`/blacklist/${id}`);
