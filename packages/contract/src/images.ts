import { z } from 'zod';
import { Id, ListQuery } from './common.ts';

/** What an upload accepts before re-encoding: the type is read from the bytes, not the name. */
export const IMAGE_UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  /** Decoded size cap (against decompression bombs). */
  maxPixels: 40_000_000,
  /** Longest side after re-encoding. */
  maxSide: 2000,
  formats: ['jpeg', 'png', 'webp', 'gif'] as const,
} as const;

/** An image of the tenant's assets, re-encoded as WebP; `url` is a path of this site. */
export const Image = z.object({
  id: Id,
  name: z.string(),
  url: z.string().describe('/assets/{tenant}/{id}.webp: public, cached for a year'),
  contentType: z.literal('image/webp'),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  createdAt: z.string(),
});
export type Image = z.infer<typeof Image>;

export const ImageListQuery = ListQuery;

/** An image reference in stored content: an https URL or a path of this site (its /assets). */
export const ImageUrl = z
  .string()
  .max(2000, { error: 'FIELD_TOO_LONG' })
  .regex(/^(https:\/\/|\/)[^\s]+$/, { error: 'FIELD_INVALID' })
  .describe('https URL or a path of this site');
