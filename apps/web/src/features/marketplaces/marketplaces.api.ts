import type {
  CreateMarketplace,
  Marketplace,
  Page,
  PublicMarketplace,
  UpdateMarketplace,
} from '@promo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TableState } from '../../components/data-table.tsx';
import { api } from '../../lib/api.ts';

export const marketplacesQuery = (state: TableState & { campaignId?: string | undefined }) =>
  queryOptions({
    queryKey: ['marketplaces', 'list', state],
    queryFn: ({ signal }) => api.get<Page<Marketplace>>('/marketplaces', { query: state, signal }),
    placeholderData: keepPreviousData,
  });

export const marketplacePreviewQuery = (id: string) =>
  queryOptions({
    queryKey: ['marketplaces', 'preview', id],
    queryFn: ({ signal }) => api.get<PublicMarketplace>(`/marketplaces/${id}/preview`, { signal }),
  });

export const createMarketplace = (body: CreateMarketplace) => api.post<Marketplace>('/marketplaces', body);
export const updateMarketplace = (id: string, body: UpdateMarketplace) =>
  api.patch<Marketplace>(`/marketplaces/${id}`, body);
export const deleteMarketplace = (id: string) => api.delete(`/marketplaces/${id}`);
