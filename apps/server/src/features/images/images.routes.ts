import { IdParams, Image, ImageListQuery, pageOf } from '@promo/contract';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { FeatureDeps } from '../types.ts';
import { findImages, readPublicImage, removeImage, uploadImage } from './images.service.ts';

const tags = ['images'];
const ADMIN = ['ADMIN'] as const;
const ASSET_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The tenant's image assets: upload (multipart `file`, checked and re-encoded), list, delete; and
 * the public `/assets/{tenant}/{id}.webp` the landing pages and products use.
 */
export function registerImagesRoutes({ app, ctxOf, limits }: FeatureDeps): void {
  app.get(
    '/api/images',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'The tenant’s images, newest first',
        querystring: ImageListQuery,
        response: { 200: pageOf(Image) },
      },
    },
    async (request) => findImages(ctxOf(request), request.query),
  );
  app.post(
    '/api/images',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Upload an image (JPEG, PNG, WebP or GIF up to 5 MB; kept as WebP, at most 2000 px)',
        response: { 201: Image },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('VALIDATION_FAILED', [{ path: 'file', code: 'FIELD_REQUIRED' }]);
      const part = await request.file();
      if (!part) throw new AppError('VALIDATION_FAILED', [{ path: 'file', code: 'FIELD_REQUIRED' }]);
      return reply.status(201).send(await uploadImage(ctxOf(request), part.file, part.filename));
    },
  );
  app.delete(
    '/api/images/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Delete an image (pages that show it lose it)',
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeImage(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/assets/:tenant/:file',
    {
      config: { access: 'public', rateLimit: { max: limits.publicPerMinute, timeWindow: 60_000 } },
      schema: { hide: true },
    },
    async (request, reply) => {
      const { tenant, file } = request.params as { tenant: string; file: string };
      const id = ASSET_FILE.exec(file)?.[1];
      const image = id && SLUG.test(tenant) ? await readPublicImage(ctxOf(request), tenant, id) : null;
      if (!image) return reply.status(404).header('cache-control', 'no-store').send();
      const etag = `"${image.sha256}"`;
      reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'");
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.send(image.data);
    },
  );
}
