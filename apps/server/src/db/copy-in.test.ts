import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_ROLE, copyIn, copyText, openPglite, queryRows } from './client.ts';

describe('copyIn on the embedded database', async () => {
  const db = await openPglite({ dataDir: null });
  await db.ownerExec(`CREATE ROLE ${APP_ROLE}`);
  afterAll(() => db.close());

  it('loads text rows into a transaction’s table, values with tabs, backslashes and line ends intact', async () => {
    const values = ['plain', 'tab\there', 'back\\slash', 'two\nlines', 'cr\rend', '\\N'];
    const rows = await db.tx({ tenantId: null }, async (tx) => {
      await tx.execute(sql`create temp table copied (n integer, v text) on commit drop`);
      await copyIn(
        tx,
        'copied (n, v)',
        values.map((v, i) => Buffer.from(`${i}\t${copyText(v)}\n`)),
      );
      const read = await queryRows<{ v: string }>(tx, sql`select v from copied order by n`);
      // the COPY ran as the owner; the transaction is back to the application role after it
      const [role] = await queryRows<{ role: string }>(tx, sql`select current_user as role`);
      return { values: read.map((r) => r.v), role: role?.role };
    });
    expect(rows).toEqual({ values, role: APP_ROLE });
  });
});
