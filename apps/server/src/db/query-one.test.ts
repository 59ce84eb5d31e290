import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_ROLE, openPglite, queryOne, queryRows, textArrayLiteral } from './client.ts';

describe('a statement that always answers one row', async () => {
  const db = await openPglite({ dataDir: null });
  await db.ownerExec(`CREATE ROLE ${APP_ROLE}`);
  afterAll(() => db.close());

  it('answers that row', async () => {
    const row = await db.tx({ tenantId: null }, (tx) =>
      queryOne<{ n: number }>(tx, sql`select 7 as n`, 'seven'),
    );
    expect(row).toEqual({ n: 7 });
  });

  it('throws with the statement’s name when it answers none (a bug, not a refusal)', async () => {
    await expect(
      db.tx({ tenantId: null }, (tx) => queryOne(tx, sql`select 1 where false`, 'my_function')),
    ).rejects.toThrow('my_function answered no row');
  });
});

describe('a text[] literal of generated codes', async () => {
  const db = await openPglite({ dataDir: null });
  await db.ownerExec(`CREATE ROLE ${APP_ROLE}`);
  afterAll(() => db.close());

  it('reaches the database as the same values', async () => {
    const codes = ['AB12', 'x_y-z', '9'];
    const [row] = await db.tx({ tenantId: null }, (tx) =>
      queryRows<{ codes: string[] }>(tx, sql`select ${textArrayLiteral(codes)}::text[] as codes`),
    );
    expect(row?.codes).toEqual(codes);
  });

  it.each([['A,B'], ['A B'], ['"A"'], ['{A}'], ['A\\B'], ['']])(
    'refuses %j, which the literal would have to quote',
    (value) => {
      expect(() => textArrayLiteral(['OK', value])).toThrow('a value a text[] literal would have to quote');
    },
  );
});
