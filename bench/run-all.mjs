#!/usr/bin/env node
// `npm run bench`: every benchmark with its reference routes, one after the other, then one table
// of ratios. Each benchmark measures its own reference in its own run (the machine is shared and
// noisy: compare ratios, not absolute figures). Options are passed on to every benchmark:
//   npm run bench -- [--duration 15] [--connections 50] [--count 1000000] [--rows 1000000]
//                    [--entries 10000000]
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { machine } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    count: { type: 'string', default: '1000000' },
    rows: { type: 'string', default: '1000000' },
    entries: { type: 'string', default: '10000000' },
  },
});
const load = ['--duration', values.duration, '--connections', values.connections];
const runs = [
  { name: 'participation, PostgreSQL', command: ['node', 'bench/participation/run.mjs', ...load] },
  { name: 'participation, embedded', command: ['node', 'bench/participation/run.mjs', ...load, '--pglite'] },
  {
    name: 'redemption + generation',
    command: ['node', 'bench/codes/run.mjs', ...load, '--count', values.count],
  },
  { name: 'product redemption (marketplace)', command: ['node', 'bench/marketplace/run.mjs', ...load] },
  { name: 'counter look-up by code', command: ['node', 'bench/lookups/run.mjs', ...load] },
  { name: 'landing page', command: ['npx', 'tsx', 'bench/landing/run.mjs', ...load] },
  { name: 'XLSX export', command: ['node', 'bench/exports/run.mjs', '--rows', values.rows] },
  { name: 'verifiable draw', command: ['node', 'bench/raffle/run.mjs', '--entries', values.entries] },
];

function lastJson(text) {
  const start = text.lastIndexOf('\n{');
  return JSON.parse(start >= 0 ? text.slice(start + 1) : text);
}

const cell = (f) =>
  f
    ? `${f.requestsPerSecond.toLocaleString('en-GB')} req/s, p99 ${f.latencyMs.p99} ms${
        typeof f.cpuMsPerRequest?.databaseMs === 'number'
          ? `, database ${f.cpuMsPerRequest.databaseMs} ms CPU/req`
          : ''
      }`
    : '—';
const rows = [];
for (const run of runs) {
  process.stderr.write(`… ${run.name}\n`);
  const done = spawnSync(run.command[0], run.command.slice(1), {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (done.status !== 0) {
    rows.push({ name: run.name, failed: `exit ${done.status}` });
    continue;
  }
  const result = lastJson(done.stdout);
  if (result.bench === 'exports') {
    rows.push({
      name: run.name,
      product: `${result.rows.toLocaleString('en-GB')} rows in ${result.report.seconds} s (${result.report.megabytes} MB), server peak RSS ${result.report.serverPeakRssMbAfter} MB`,
      reference: `${result.reference.route}: ${result.reference.seconds} s`,
      ratio: result.ratio,
      target: result.target,
      extra: '',
    });
    continue;
  }
  if (result.bench === 'raffle') {
    rows.push({
      name: run.name,
      product: `${result.entries.toLocaleString('en-GB')} entries in ${result.drawMs.entries} ms (by points ${result.drawMs.points} ms, one per identity ${result.drawMs.onePerIdentity} ms), server peak RSS ${result.peakRssMb} MB`,
      reference: `ORDER BY random() LIMIT 100: ${result.rawOrderByRandomMs} ms`,
      ratio: result.ratio,
      target: result.target,
      extra: `entry list of ${result.entriesDownload.mb} MB downloaded in ${result.entriesDownload.ms} ms`,
    });
    continue;
  }
  const figures = result.redemption ?? result;
  const product = figures.product ?? figures.landingPage ?? figures.byCode;
  rows.push({
    name: run.name,
    product,
    reference: figures.reference,
    ratio: figures.ratio,
    target: figures.target,
    extra: result.byCedula
      ? `by identity number: ${cell(result.byCedula)}, ratio ${result.ratioByCedula}`
      : result.loadGenerator
        ? `loaded by ${result.loadGenerator}${result.autocannon ? `; by autocannon ${result.autocannon.ratio}` : ''}`
        : result.generation
          ? `${result.generation.count.toLocaleString('en-GB')} codes in ${result.generation.seconds} s (${result.generation.ratioToRawCopy}× raw COPY, ${result.generation.ratioToRawCopyWithForeignKeys}× with the foreign keys), peak RSS ${result.generation.serverPeakRssMb} MB`
          : '',
  });
}

console.log(
  `\n${machine()}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
console.log('| path | product | reference | ratio | target | also |');
console.log('|---|---|---|---|---|---|');
for (const row of rows)
  console.log(
    row.failed
      ? `| ${row.name} | failed (${row.failed}) | | | | |`
      : typeof row.product === 'string'
        ? `| ${row.name} | ${row.product} | ${row.reference} | ${row.ratio} | ${row.target} | ${row.extra} |`
        : `| ${row.name} | ${cell(row.product)} | ${row.reference?.route ?? ''}: ${cell(row.reference)} | ${row.ratio ?? '—'} | ${row.target ?? ''} | ${row.extra} |`,
  );
