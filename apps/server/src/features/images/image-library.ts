import type { Tx } from '../../db/client.ts';
import { imageExists } from './images.repository.ts';

const ASSET_PATH =
  /^\/assets\/([a-z0-9]+(?:-[a-z0-9]+)*)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

/**
 * Whether `url` is the public address (`/assets/{tenant}/{id}.webp`, as the image library answers
 * it) of one of this tenant's images.
 */
export async function isTenantImageUrl(
  tx: Tx,
  tenant: { id: string; slug: string },
  url: string,
): Promise<boolean> {
  const match = ASSET_PATH.exec(url);
  if (!match || match[1] !== tenant.slug) return false;
  return imageExists(tx, tenant.id, match[2] as string);
}
