import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-db.ts';
import { CONSTRAINT_FIELDS } from './database-constraints.ts';
import { databaseErrorAnswer } from './database-errors.ts';
import { serializeError } from './log-safety.ts';

/**
 * Every constraint violation and data error the database can raise gets a catalogue answer:
 * checked against the migrated database's own constraints and with real violations.
 */
const db = await openTestDatabase();
afterAll(() => db.close());

async function failure(text: string, params: unknown[] = []): Promise<unknown> {
  try {
    await db.ownerQuery(text, params);
  } catch (error) {
    return error;
  }
  throw new Error(`expected ${text} to fail`);
}

const answer = (error: unknown) => {
  const refusal = databaseErrorAnswer(error);
  return refusal && { code: refusal.code, details: refusal.details };
};
const slug = () => `t-${randomBytes(4).toString('hex')}`;

describe('database constraint catalogue', () => {
  it('names the field (or the state) of every CHECK and UNIQUE constraint of the migrations', async () => {
    const rows = await db.ownerQuery<{ name: string }>(
      `select c.conname as name from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where n.nspname = 'public' and c.contype in ('c', 'u', 'x')
       union
       select i.relname from pg_index x join pg_class i on i.oid = x.indexrelid
         join pg_namespace n on n.oid = i.relnamespace
        where n.nspname = 'public' and x.indisunique and not x.indisprimary`,
    );
    const names = rows.map((r) => r.name);
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((name) => !(name in CONSTRAINT_FIELDS))).toEqual([]);
    // and no entry outlives its constraint
    expect(Object.keys(CONSTRAINT_FIELDS).filter((name) => !names.includes(name))).toEqual([]);
  });
});

describe('database errors never answer 500', () => {
  it('a unique violation is a conflict on its field', async () => {
    const s = slug();
    await db.ownerQuery(`insert into tenants (slug, name, country_code) values ($1, 'A', 'CR')`, [s]);
    const error = await failure(`insert into tenants (slug, name, country_code) values ($1, 'B', 'CR')`, [s]);
    expect(answer(error)).toEqual({ code: 'CONFLICT', details: [{ path: 'slug', code: 'DUPLICATE_VALUE' }] });
  });

  it('a check violation is a validation failure on the field it concerns', async () => {
    const error = await failure(
      `insert into tenants (slug, name, country_code) values ('Not A Slug', 'A', 'CR')`,
    );
    expect(answer(error)).toEqual({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'slug', code: 'FIELD_INVALID' }],
    });
  });

  it('a missing referenced row is an invalid field; a row still referenced is a conflict', async () => {
    const missing = await failure(`insert into tenants (slug, name, country_code) values ($1, 'A', 'ZZ')`, [
      slug(),
    ]);
    expect(answer(missing)).toEqual({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'countryCode', code: 'FIELD_INVALID' }],
    });
    await db.ownerQuery(`insert into tenants (slug, name, country_code) values ($1, 'A', 'CR')`, [slug()]);
    const referenced = await failure(`delete from countries where code = 'CR'`);
    expect(answer(referenced)).toEqual({ code: 'CONFLICT', details: [] });
  });

  it('a missing value is required on its column', async () => {
    const error = await failure(`insert into tenants (slug, name, country_code) values ($1, null, 'CR')`, [
      slug(),
    ]);
    expect(answer(error)).toEqual({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'name', code: 'FIELD_REQUIRED' }],
    });
  });

  it('characters the database cannot store, in text and in JSON', async () => {
    const text = await failure(`insert into tenants (slug, name, country_code) values ($1, $2, 'CR')`, [
      slug(),
      'a\u0000b',
    ]);
    expect(answer(text)).toEqual({
      code: 'VALIDATION_FAILED',
      details: [{ path: '', code: 'FIELD_CHARACTERS_INVALID' }],
    });
    const json = await failure(`select $1::jsonb`, ['{"a":"\\u0000"}']);
    expect(answer(json)?.details).toEqual([{ path: '', code: 'FIELD_CHARACTERS_INVALID' }]);
  });

  it('values the column refuses: invalid text, too long, out of range, bad dates', async () => {
    for (const statement of [
      `select 'not-a-uuid'::uuid`,
      `insert into tenants (slug, name, country_code) values ('${slug()}', 'A', 'CRX')`,
      `select 99999999999::integer`,
      `select '2026-13-45'::date`,
      `select '25:99'::time`,
    ]) {
      expect(answer(await failure(statement)), statement).toEqual({
        code: 'VALIDATION_FAILED',
        details: [{ path: '', code: 'FIELD_INVALID' }],
      });
    }
  });

  it('errors wrapped by the query builder are found in their cause, and logged without values', async () => {
    let wrapped: unknown;
    try {
      await db.tx({ tenantId: null }, (tx) => tx.execute(sql`select ${'person@example.com'}::uuid`));
    } catch (error) {
      wrapped = error;
    }
    expect(String((wrapped as Error).message)).toContain('person@example.com');
    expect(answer(wrapped)?.code).toBe('VALIDATION_FAILED');
    const logged = JSON.stringify(serializeError(wrapped));
    expect(logged).toContain('22P02');
    expect(logged).not.toContain('person@example.com');
  });

  it('serialization failures and deadlocks are conflicts to retry; other errors are not answered here', () => {
    expect(answer(Object.assign(new Error('could not serialize access'), { code: '40001' }))?.code).toBe(
      'CONFLICT',
    );
    expect(answer(Object.assign(new Error('deadlock detected'), { code: '40P01' }))?.code).toBe('CONFLICT');
    expect(answer(new Error('boom'))).toBeNull();
    expect(answer(Object.assign(new Error('connection refused'), { code: '08006' }))).toBeNull();
  });
});
