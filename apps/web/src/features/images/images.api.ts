import type { Image, Page } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Uploads an image to the tenant's assets; the server re-encodes it and answers its URL. */
export function uploadImage(file: File): Promise<Image> {
  const body = new FormData();
  body.append('file', file);
  return api.post<Image>('/images', body);
}

/** The tenant's images, newest first (the first 200: enough to pick one from a list). */
export const imageLibraryQuery = () =>
  queryOptions({
    queryKey: ['images', 'library'] as const,
    queryFn: ({ signal }) => api.get<Page<Image>>('/images', { query: { pageSize: 200 }, signal }),
  });
