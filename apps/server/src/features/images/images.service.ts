import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { IMAGE_UPLOAD_LIMITS, type Image, type Page } from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findTenantBySlugCached } from '../tenants/index.ts';
import { readLimited, reencodeImage } from './image-encoding.ts';
import {
  deleteImage,
  findImageData,
  type ImageSummary,
  insertImage,
  listImages,
} from './images.repository.ts';

function toImage(tenantSlug: string, row: ImageSummary): Image {
  return {
    id: row.id,
    name: row.name,
    url: `/assets/${tenantSlug}/${row.id}.webp`,
    contentType: 'image/webp',
    width: row.width,
    height: row.height,
    bytes: row.byteSize,
    createdAt: row.createdAt.toISOString(),
  };
}

function slugOf(ctx: Ctx): string {
  const { tenantSlug } = actorOf(ctx);
  if (!tenantSlug) throw new AppError('FORBIDDEN');
  return tenantSlug;
}

/** A file name kept for the list: its base name, printable, at most 120 characters. */
function displayName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim()
    .slice(0, 120);
  return clean || 'imagen';
}

/** Checks, re-encodes and keeps an uploaded image in the tenant's assets. */
export async function uploadImage(ctx: Ctx, file: Readable, filename: string | undefined): Promise<Image> {
  const actor = actorOf(ctx);
  const slug = slugOf(ctx);
  const encoded = await reencodeImage(await readLimited(file, IMAGE_UPLOAD_LIMITS.maxBytes));
  const row = await inTenant(ctx, async (tx) => {
    const saved = await insertImage(tx, {
      tenantId: actor.tenantId,
      name: displayName(filename),
      contentType: 'image/webp',
      width: encoded.width,
      height: encoded.height,
      byteSize: encoded.data.length,
      sha256: createHash('sha256').update(encoded.data).digest('hex'),
      data: encoded.data,
      createdBy: actor.userId,
    });
    await audit(tx, ctx, {
      tenantId: actor.tenantId,
      action: 'image.upload',
      entityType: 'image',
      entityId: saved.id,
      details: { width: saved.width, height: saved.height, bytes: saved.byteSize },
    });
    return saved;
  });
  return toImage(slug, row);
}

export async function findImages(ctx: Ctx, query: Parameters<typeof listImages>[2]): Promise<Page<Image>> {
  const { tenantId } = actorOf(ctx);
  const slug = slugOf(ctx);
  const { rows, total } = await inTenant(ctx, (tx) => listImages(tx, tenantId, query));
  return { items: rows.map((row) => toImage(slug, row)), total, page: query.page, pageSize: query.pageSize };
}

export async function removeImage(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    if (!(await deleteImage(tx, tenantId, id))) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, { tenantId, action: 'image.delete', entityType: 'image', entityId: id });
  });
}

/** The bytes of a public asset `/assets/{tenant}/{id}.webp`, or null. */
export async function readPublicImage(ctx: Ctx, tenantSlug: string, id: string) {
  const tenant = await findTenantBySlugCached(ctx, tenantSlug);
  if (!tenant || tenant.status === 'suspended') return null;
  return ctx.db.tx({ tenantId: tenant.id }, (tx) => findImageData(tx, tenant.id, id));
}
