import type { Image } from '@promo/contract';
import { api } from '../../lib/api.ts';

/** Uploads an image to the tenant's assets; the server re-encodes it and answers its URL. */
export function uploadImage(file: File): Promise<Image> {
  const body = new FormData();
  body.append('file', file);
  return api.post<Image>('/images', body);
}
