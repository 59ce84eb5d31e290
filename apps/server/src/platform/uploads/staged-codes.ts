import { UPLOAD_REPORT_MAX_ROWS } from '@promo/contract';
import { type SQL, sql } from 'drizzle-orm';
import { copyIn, copyText, queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import type { Refusals, RowError } from './refusals.ts';

const CHUNK = 10_000;

export type StagedCode = { code: string; points?: number };

/**
 * Imports the codes of an upload in bounded memory, inside the caller's transaction: valid rows
 * are copied (`COPY`, a buffer per chunk) into a temporary table, the database then finds the codes repeated in the file and
 * those that already exist (`existing`, a condition on `s.code`), and `insert` (reading
 * `upload_codes s` where no refusal names `s.line`) takes the rest. The caller settles all or
 * nothing before commit. Answers the rows read and the rows inserted.
 */
export async function importStagedCodes<R>(
  tx: Tx,
  options: {
    records: AsyncIterable<{ line: number; row: R }>;
    /** A row's code (normalised), or why it is refused. */
    toCode: (row: R) => StagedCode | RowError[];
    refusals: Refusals;
    existing: SQL;
    /** `insert into … select … from upload_codes s where not exists (refusal of s.line)`; must answer `count(*) as n`. */
    insert: SQL;
  },
): Promise<{ total: number; created: number }> {
  await tx.execute(
    sql`create temp table upload_codes (line integer primary key, code text not null, points integer) on commit drop`,
  );
  await tx.execute(
    sql`create temp table upload_refusals (line integer not null, code text not null, first_line integer) on commit drop`,
  );
  let total = 0;
  // the valid rows as COPY text, a buffer per CHUNK rows (one COPY stream on PostgreSQL)
  async function* stagedLines(): AsyncGenerator<Buffer> {
    let text = '';
    let rows = 0;
    for await (const { line, row } of options.records) {
      total += 1;
      const code = options.toCode(row);
      if (Array.isArray(code)) options.refusals.add(line, code);
      else {
        text += `${line}\t${copyText(code.code)}\t${code.points ?? '\\N'}\n`;
        rows += 1;
        if (rows >= CHUNK) {
          yield Buffer.from(text);
          text = '';
          rows = 0;
        }
      }
    }
    if (rows > 0) yield Buffer.from(text);
  }
  await copyIn(tx, 'upload_codes (line, code, points)', stagedLines());
  await tx.execute(
    sql`insert into upload_refusals (line, code, first_line)
        select line, 'DUPLICATE_IN_FILE', first_line
        from (select line, min(line) over (partition by code) as first_line from upload_codes) d
        where line > first_line`,
  );
  await tx.execute(
    sql`insert into upload_refusals (line, code) select s.line, 'CODE_EXISTS' from upload_codes s where ${options.existing}`,
  );
  await reportRefusals(tx, options.refusals);
  const [inserted] = await queryRows<{ n: number }>(tx, options.insert);
  const [expected] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from upload_codes s where ${notRefused}`,
  );
  // a code taken by a concurrent import between the check and the insert: refuse, roll back
  if (Number(inserted?.n) !== Number(expected?.n)) throw new AppError('CONFLICT');
  return { total, created: Number(inserted?.n ?? 0) };
}

/** The condition an `insert` filters the staged rows `s` with. */
export const notRefused = sql`not exists (select 1 from upload_refusals r where r.line = s.line)`;

async function reportRefusals(tx: Tx, refusals: Refusals): Promise<void> {
  const [counted] = await queryRows<{ n: number }>(
    tx,
    sql`select count(distinct line)::int as n from upload_refusals`,
  );
  const rows = await queryRows<{
    line: number;
    code: 'DUPLICATE_IN_FILE' | 'CODE_EXISTS';
    first_line: number | null;
  }>(
    tx,
    sql`select line, code, first_line from upload_refusals
        where line in (select distinct line from upload_refusals order by line limit ${UPLOAD_REPORT_MAX_ROWS})
        order by line, code`,
  );
  const byLine = new Map<number, RowError[]>();
  for (const r of rows) {
    const errors = byLine.get(r.line) ?? [];
    errors.push(
      r.code === 'DUPLICATE_IN_FILE'
        ? { field: 'code', code: r.code, params: { line: Number(r.first_line) } }
        : { field: 'code', code: r.code },
    );
    byLine.set(r.line, errors);
  }
  for (const [line, errors] of byLine) refusals.add(line, errors);
  refusals.addUnlisted(Number(counted?.n ?? 0) - byLine.size);
}
