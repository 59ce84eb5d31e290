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

type MarketplaceQuery = TableState & { campaignId?: string | undefined };

export const marketplaceKeys = {
  all: ['marketplaces'] as const,
  list: (query: MarketplaceQuery) => [...marketplaceKeys.all, 'list', query] as const,
  preview: (id: string) => [...marketplaceKeys.all, 'preview', id] as const,
};

export const marketplacesQuery = (state: MarketplaceQuery) =>
  queryOptions({
    queryKey: marketplaceKeys.list(state),
    queryFn: ({ signal }) => api.get<Page<Marketplace>>('/marketplaces', { query: state, signal }),
    placeholderData: keepPreviousData,
  });

export const marketplacePreviewQuery = (id: string) =>
  queryOptions({
    queryKey: marketplaceKeys.preview(id),
    queryFn: ({ signal }) => api.get<PublicMarketplace>(`/marketplaces/${id}/preview`, { signal }),
  });

export const createMarketplace = (body: CreateMarketplace) => api.post<Marketplace>('/marketplaces', body);
export const updateMarketplace = (id: string, body: UpdateMarketplace) =>
  api.patch<Marketplace>(`/marketplaces/${id}`, body);
export const deleteMarketplace = (id: string) => api.delete(`/marketplaces/${id}`);
