import { tableReads } from './index-reads.ts';
import { until } from './processes.ts';
import type { TestApp } from './test-app.ts';

/**
 * PostgreSQL only: a CSV report of `rows` rows downloaded by `token`, its lines, and how many rows
 * of `table` it read by sequential scans and through `index` (the report's server processes
 * flush their counters late: read again until at least each row is counted once, one way or the
 * other).
 */
export async function csvReportReads(
  t: TestApp,
  {
    url,
    token,
    table,
    index,
    rows,
  }: { url: string; token: string; table: string; index: string; rows: number },
) {
  const before = await tableReads(t.db, table, index);
  const res = await t.request({ url, token });
  if (res.status !== 200) throw new Error(`report: ${res.status} ${res.text}`);
  const lines = res.text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  let after = before;
  const read = () => ({
    sequential: after.sequential - before.sequential,
    indexed: after.indexed - before.indexed,
  });
  await until(async () => {
    after = await tableReads(t.db, table, index);
    return read().sequential + read().indexed >= rows;
  }, 15_000);
  return { lines, ...read() };
}
