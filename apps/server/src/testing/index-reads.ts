import type { Database } from '../db/client.ts';
import { until } from './processes.ts';

/**
 * PostgreSQL only: how many entries of `index` have been read, once every row its server
 * processes wrote to `table` so far (`written`, counted from the start of the database) has been
 * counted. Each server process flushes its counters about once a second when idle, so the figure
 * is read again until `table`'s inserts reach `written`. A test reads it before and after some
 * requests to say which index their statements read (decision 033).
 */
export async function indexEntriesRead(
  db: Database,
  index: string,
  table: { name: string; written: number },
): Promise<number> {
  let read = 0;
  await until(async () => {
    const [row] = await db.ownerQuery<{ read: string; inserted: string }>(
      `select pg_stat_clear_snapshot(),
              (select idx_tup_read from pg_stat_user_indexes where indexrelname = $1) as read,
              (select n_tup_ins from pg_stat_user_tables where relname = $2) as inserted`,
      [index, table.name],
    );
    read = Number(row?.read);
    return Number(row?.inserted) >= table.written;
  }, 15_000);
  return read;
}

/** Rows of `table` inserted so far as PostgreSQL has counted them: what its processes have flushed (a lower bound). */
export async function rowsInserted(db: Database, table: string): Promise<number> {
  const [row] = await db.ownerQuery<{ inserted: string }>(
    'select pg_stat_clear_snapshot(), (select n_tup_ins from pg_stat_user_tables where relname = $1) as inserted',
    [table],
  );
  return Number(row?.inserted);
}

/**
 * Rows of `table` read so far by sequential scans (`sequential`), and entries of `index` read
 * (`indexed`), as PostgreSQL has counted them: a lower bound, read again until what is expected
 * has been flushed.
 */
export async function tableReads(
  db: Database,
  table: string,
  index: string,
): Promise<{ sequential: number; indexed: number }> {
  const [row] = await db.ownerQuery<{ sequential: string; indexed: string }>(
    `select pg_stat_clear_snapshot(),
            (select seq_tup_read from pg_stat_user_tables where relname = $1) as sequential,
            (select idx_tup_read from pg_stat_user_indexes where indexrelname = $2) as indexed`,
    [table, index],
  );
  return { sequential: Number(row?.sequential), indexed: Number(row?.indexed) };
}
