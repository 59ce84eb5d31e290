import type { Order, Page } from '@promo/contract';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { showApiError } from '../../lib/form-errors.ts';
import type { ReportFormat } from '../reports/index.ts';

export type OrderFilters = Record<string, string | undefined>;
type DownloadFilters = { from?: string; to?: string; campaignId?: string | null; centreId?: string | null };

export const orderKeys = {
  all: ['orders'] as const,
  list: (filters: OrderFilters, page: number) => [...orderKeys.all, filters, page] as const,
};

export const ordersQuery = (filters: OrderFilters, page: number) =>
  queryOptions({
    queryKey: orderKeys.list(filters, page),
    queryFn: ({ signal }) =>
      api.get<Page<Order>>('/orders', { query: { ...filters, page, pageSize: 20 }, signal }),
    placeholderData: keepPreviousData,
  });

export type MarketReport = 'orders' | 'order-totals' | 'points';
const FALLBACK_NAMES: Record<MarketReport, string> = {
  orders: 'pedidos',
  'order-totals': 'pedidos-por-tienda',
  points: 'puntos',
};

/** The query of a download: the points report takes campaign and range, the order reports a shop too. */
function downloadQuery(
  kind: MarketReport,
  format: ReportFormat,
  filters: DownloadFilters,
): Record<string, string> {
  const query: Record<string, string> = { format };
  if (filters.campaignId) query.campaignId = filters.campaignId;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (kind !== 'points' && filters.centreId) query.centreId = filters.centreId;
  return query;
}

/** A market report's download; a failure is shown as a toast. */
export function useDownloadMarketReport(filters: DownloadFilters) {
  return useMutation({
    mutationFn: ({ kind, format }: { kind: MarketReport; format: ReportFormat }) =>
      api.download(`/reconciliation-reports/${kind}`, {
        query: downloadQuery(kind, format, filters),
        fallbackName: `${FALLBACK_NAMES[kind]}.${format}`,
      }),
    onError: (error) => showApiError(error),
  });
}
