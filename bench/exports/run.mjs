#!/usr/bin/env node
// bench/exports: the redemptions report of N rows downloaded as XLSX
// (`GET /api/reconciliation-reports/redemptions?format=xlsx`: auth, audit row, keyset batches of
// 5,000 inside the tenant's scope, instants in the tenant's time zone, typed cells), next to the
// raw exceljs streaming writer fed the same rows by one node-postgres cursor over the same query
// (no tenancy, no audit), in the same run; both written to a file. QUALITY.md: ≤ 1.3× raw exceljs,
// server peak RSS ≤ 400 MB. The product's file is read back and its rows counted.
//   node bench/exports/run.mjs [--rows 1000000] [--port 3193]
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { counterSetup } from '../lib/counter.mjs';
import { machine, startServer } from '../lib/server.mjs';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '1000000' }, port: { type: 'string', default: '3193' } },
});
const rows = Number(values.rows);
const folder = mkdtempSync(join(tmpdir(), 'bench-exports-'));

const peakRssMb = (pid) =>
  Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

function psql(url, text) {
  const out = spawnSync('psql', [url, '-Atqc', text], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(out.stderr);
  return out.stdout.trim();
}

/** The report as the admin's browser takes it, to a file: seconds and bytes. */
async function download(server, token, file) {
  const started = performance.now();
  // a connection of its own: a pooled one may have been closed by the server while the rows loaded
  const response = await new Promise((resolve, reject) => {
    get(
      `${server.url}/api/reconciliation-reports/redemptions?format=xlsx`,
      { headers: { authorization: `Bearer ${token}` }, agent: false },
      resolve,
    ).on('error', reject);
  });
  if (response.statusCode !== 200) throw new Error(`report: ${response.statusCode}`);
  await pipeline(response, createWriteStream(file));
  return { seconds: (performance.now() - started) / 1000, bytes: statSync(file).size };
}

/** The same rows through exceljs' streaming writer alone: one cursor, batches of 5,000. */
async function rawExcelJs(databaseUrl, campaignId, file) {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: createWriteStream(file),
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Canjes');
  const dated = { numFmt: 'dd/mm/yyyy hh:mm' };
  sheet.columns = [
    { header: 'Canje' },
    { header: 'Código' },
    { header: 'Campaña' },
    { header: 'Código de centro' },
    { header: 'Centro' },
    { header: 'Operador' },
    { header: 'Canjeado', style: dated },
    { header: 'Reversado', style: dated },
    { header: 'Motivo de la reversión' },
  ];
  try {
    await client.query('BEGIN');
    await client.query(
      `DECLARE report NO SCROLL CURSOR FOR
       SELECT r.id, r.code, ca.title, c.code, c.name, u.name, r.redeemed_at, r.reversed_at, r.reversal_reason
       FROM redemptions r
       JOIN campaigns ca ON ca.tenant_id = r.tenant_id AND ca.id = r.campaign_id
       JOIN redemption_centres c ON c.tenant_id = r.tenant_id AND c.id = r.centre_id
       LEFT JOIN users u ON u.tenant_id = r.tenant_id AND u.id = r.operator_id
       WHERE r.campaign_id = $1
       ORDER BY r.redeemed_at, r.id`,
      [campaignId],
    );
    for (;;) {
      const batch = await client.query({ text: 'FETCH 5000 FROM report', rowMode: 'array' });
      if (batch.rows.length === 0) break;
      for (const row of batch.rows) sheet.addRow(row.map((v) => v ?? '')).commit();
    }
    await client.query('COMMIT');
    sheet.commit();
    await workbook.commit();
  } finally {
    await client.end();
  }
  return { seconds: (performance.now() - started) / 1000, bytes: statSync(file).size };
}

/** Data rows of an XLSX file (its first sheet, without the header), read back by streaming. */
async function dataRows(file) {
  let count = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), { worksheets: 'emit' });
  for await (const sheet of reader) {
    for await (const _row of sheet) count += 1;
    break;
  }
  return count - 1;
}

const server = await startServer({ port: Number(values.port) });
try {
  const { token, centre, campaign, operatorName } = await counterSetup(server, {
    name: 'exports',
    centreCode: '900003',
  });
  const tenant = psql(server.database, `SELECT tenant_id FROM campaigns WHERE id = '${campaign.id}'`);
  const operator = psql(server.database, `SELECT id FROM users WHERE username = '${operatorName}'`);
  let started = performance.now();
  psql(
    server.database,
    // valid by construction (each redemption's code exists, redeemed): no per-row foreign-key
    // triggers while loading; one in 40 reversed, with a reason, as a busy campaign has
    `SET session_replication_role = replica;
     INSERT INTO reward_codes (tenant_id, code, campaign_id, status, redeemed_at, centre_id)
     SELECT '${tenant}', 'BX' || lpad(g::text, 10, '0'), '${campaign.id}', 'redeemed', now(), '${centre.id}'
     FROM generate_series(1, ${rows}) g;
     INSERT INTO redemptions (tenant_id, code, campaign_id, centre_id, operator_id, redeemed_at, reversed_at, reversal_reason)
     SELECT '${tenant}', 'BX' || lpad(g::text, 10, '0'), '${campaign.id}', '${centre.id}', '${operator}',
            now() - make_interval(secs => ${rows} - g),
            CASE WHEN g % 40 = 0 THEN now() END,
            CASE WHEN g % 40 = 0 THEN 'Código entregado por error' END
     FROM generate_series(1, ${rows}) g;
     ANALYZE reward_codes; ANALYZE redemptions`,
  );
  const loadSeconds = (performance.now() - started) / 1000;
  process.stderr.write(`loaded ${rows} redemptions in ${loadSeconds.toFixed(1)} s\n`);

  const rssBefore = peakRssMb(server.pid);
  const productFile = join(folder, 'product.xlsx');
  const product = await download(server, token, productFile);
  const rssAfter = peakRssMb(server.pid);
  const reference = await rawExcelJs(server.database, campaign.id, join(folder, 'reference.xlsx'));
  started = performance.now();
  const productRows = await dataRows(productFile);
  if (productRows !== rows) throw new Error(`the report holds ${productRows} rows, not ${rows}`);
  console.log(
    JSON.stringify(
      {
        bench: 'exports',
        machine: machine(),
        loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
        rows,
        report: {
          route: 'GET /api/reconciliation-reports/redemptions?format=xlsx',
          seconds: Number(product.seconds.toFixed(1)),
          megabytes: Number((product.bytes / 1e6).toFixed(1)),
          rowsReadBack: productRows,
          serverPeakRssMbBefore: rssBefore,
          serverPeakRssMbAfter: rssAfter,
        },
        reference: {
          route: 'exceljs streaming writer fed by one node-postgres cursor, same query',
          seconds: Number(reference.seconds.toFixed(1)),
          megabytes: Number((reference.bytes / 1e6).toFixed(1)),
        },
        ratio: Number((product.seconds / reference.seconds).toFixed(2)),
        target: '<= 1.3 x raw exceljs streaming; server peak RSS <= 400 MB',
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
  await server.stop();
}
