import type {
  CreateProduct,
  Lot,
  LotSetup,
  Page,
  Product,
  UpdateProduct,
  UploadReport,
} from '@promo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TableState } from '../../components/data-table.tsx';
import { type UploadChoice, uploadQuery } from '../../components/upload-refusal.ts';
import { api } from '../../lib/api.ts';

export type ProductFilters = {
  active?: 'true' | 'false' | undefined;
  kind?: 'physical' | 'digital' | undefined;
};

export const productKeys = {
  all: ['products'] as const,
  list: (query: TableState & ProductFilters) => [...productKeys.all, 'list', query] as const,
  options: () => [...productKeys.all, 'options'] as const,
  detail: (id: string) => [...productKeys.all, 'one', id] as const,
};

export const lotKeys = {
  all: ['product-lots'] as const,
  list: (productId?: string | null) => [...lotKeys.all, productId ?? 'all'] as const,
};

export const productsQuery = (state: TableState & ProductFilters) =>
  queryOptions({
    queryKey: productKeys.list(state),
    queryFn: ({ signal }) => api.get<Page<Product>>('/products', { query: state, signal }),
    placeholderData: keepPreviousData,
  });

/** Every product (the server caps a page at 200), for pickers. */
export const productOptionsQuery = () =>
  queryOptions({
    queryKey: productKeys.options(),
    queryFn: ({ signal }) =>
      api.get<Page<Product>>('/products', { query: { page: 1, pageSize: 200, sort: 'name' }, signal }),
    select: (page) => page.items,
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => api.get<Product>(`/products/${id}`, { signal }),
  });

export const createProduct = (body: CreateProduct) => api.post<Product>('/products', body);
export const updateProduct = (id: string, body: UpdateProduct) => api.patch<Product>(`/products/${id}`, body);
export const deleteProduct = (id: string) => api.delete(`/products/${id}`);

/** multipart: the file of product codes (column `code`). */
export function uploadProductCodes(id: string, file: File, choice?: UploadChoice) {
  const body = new FormData();
  body.append('file', file);
  return api.post<UploadReport>(`/products/${id}/codes`, body, { query: uploadQuery(choice) });
}

export const lotsQuery = (productId?: string | null) =>
  queryOptions({
    queryKey: lotKeys.list(productId),
    queryFn: ({ signal }) =>
      api.get<{ items: Lot[] }>('/product-lots', { query: { productId: productId ?? undefined }, signal }),
    select: (answer) => answer.items,
  });

export const createLots = (body: LotSetup) => api.post<{ lots: Lot[] }>('/product-lots', body);
