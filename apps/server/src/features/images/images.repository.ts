import { and, count, eq, ilike, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { images } from '../../db/schema.ts';
import { oneByOne } from '../../platform/one-by-one.ts';
import { containsPattern, orderBy } from '../../platform/sql.ts';

/** The columns of a listing: everything but the bytes. */
const summary = {
  id: images.id,
  name: images.name,
  contentType: images.contentType,
  width: images.width,
  height: images.height,
  byteSize: images.byteSize,
  createdAt: images.createdAt,
};
export type ImageSummary = { [K in keyof typeof summary]: (typeof images.$inferSelect)[K] };

export async function insertImage(tx: Tx, row: typeof images.$inferInsert): Promise<ImageSummary> {
  const [saved] = await tx.insert(images).values(row).returning(summary);
  return saved as ImageSummary;
}

export async function listImages(
  tx: Tx,
  tenantId: string,
  query: { page: number; pageSize: number; sort?: string | undefined; q?: string | undefined },
) {
  const where = and(
    eq(images.tenantId, tenantId),
    query.q ? ilike(images.name, containsPattern(query.q)) : undefined,
  );
  const order = orderBy(
    query.sort,
    { name: images.name, createdAt: images.createdAt, bytes: images.byteSize },
    sql`${images.createdAt} desc, ${images.id}`,
  );
  const [rows, [total]] = await oneByOne(
    () =>
      tx
        .select(summary)
        .from(images)
        .where(where)
        .orderBy(order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    () => tx.select({ n: count() }).from(images).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

export async function findImageData(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ data: images.data, contentType: images.contentType, sha256: images.sha256 })
    .from(images)
    .where(and(eq(images.tenantId, tenantId), eq(images.id, id)));
  return row ? { ...row, data: Buffer.from(row.data) } : null;
}

export async function deleteImage(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(images)
    .where(and(eq(images.tenantId, tenantId), eq(images.id, id)))
    .returning({ id: images.id });
  return rows.length > 0;
}

export async function imageExists(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.tenantId, tenantId), eq(images.id, id)));
  return rows.length > 0;
}
