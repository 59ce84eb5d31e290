#!/usr/bin/env node
// bench/codes: generation of 1,000,000 reward codes through the API (a background job; time and
// the server's peak memory) next to a raw COPY of as many codes into a fresh copy of the indexed
// table (bench/lib/raw-copy.mjs), measured just before and just after it, then redemption load (distinct codes, 50 connections) against
// PostgreSQL, next to the reference route (bench/reference: a minimal Fastify + node-postgres route
// doing the same conditional UPDATE … RETURNING) loaded the same way in the same run.
//   node bench/codes/run.mjs [--count 1000000] [--duration 15] [--connections 50] [--generation-only]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { counterSetup, generateCodes, shuffled } from '../lib/counter.mjs';
import { rawCopySeconds } from '../lib/raw-copy.mjs';
import { figures, loadMeter, ratio, referencePgUpdate, refusalNotes } from '../lib/reference.mjs';
import { api, machine, PASSWORD, startServer } from '../lib/server.mjs';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    'generation-only': { type: 'boolean', default: false },
    // the 10,000,000 run measures time and memory; two raw COPYs of 10M would double its length
    'skip-copy-reference': { type: 'boolean', default: false },
  },
});
const count = Number(values.count);
const duration = Number(values.duration);
const connections = Number(values.connections);

function peakRssMb(pid) {
  if (!pid) return null; // servers not started here (BENCH_URL)
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const server = await startServer({ port: 3192 });
try {
  const { token, centre, campaign, operatorName } = await counterSetup(server, {
    name: 'codes',
    centreCode: '900001',
  });

  // generation, between two raw COPYs of as many codes of the same length
  const psqlValue = (query) => spawnSync('psql', [server.database, '-Atc', query]).stdout.toString().trim();
  const tenantId = psqlValue(`select tenant_id from campaigns where id = '${campaign.id}'`);
  const copy = { databaseUrl: server.database, count, tenantId, campaignId: campaign.id };
  const loadBefore = loadavg()[0];
  // the product's length for this many live codes (codeLength: ceil((60 + log2 n) / 5), at least 12)
  const length = Math.max(12, Math.ceil((60 + Math.log2(Math.max(1, count))) / 5));
  const withReference = !values['skip-copy-reference'];
  const copyBefore = withReference ? await rawCopySeconds({ ...copy, length }) : null;
  const keyedBefore = withReference ? await rawCopySeconds({ ...copy, length, foreignKeys: true }) : null;
  const started = performance.now();
  const job = await generateCodes(server, token, campaign.id, count);
  const generationSeconds = (performance.now() - started) / 1000;
  const rssAfterGeneration = peakRssMb(server.pid);
  const keyedAfter = withReference ? await rawCopySeconds({ ...copy, length, foreignKeys: true }) : null;
  const copyAfter = withReference ? await rawCopySeconds({ ...copy, length }) : null;
  const stored = psqlValue(
    `select count(*) || ' ' || count(distinct code) || ' ' || min(length(code)) || ' ' || max(length(code)) from reward_codes where campaign_id = '${campaign.id}'`,
  ).split(' ');
  const generation = {
    count,
    status: job.status,
    result: job.result,
    stored: {
      rows: Number(stored[0]),
      distinct: Number(stored[1]),
      lengths: [Number(stored[2]), Number(stored[3])],
    },
    seconds: Number(generationSeconds.toFixed(1)),
    codesPerSecond: Math.round(count / generationSeconds),
    serverPeakRssMb: rssAfterGeneration,
    ...(withReference
      ? {
          rawCopySeconds: { before: Number(copyBefore.toFixed(1)), after: Number(copyAfter.toFixed(1)) },
          ratioToRawCopy: Number((generationSeconds / ((copyBefore + copyAfter) / 2)).toFixed(2)),
          // the same COPY into a table with reward_codes' foreign keys: what the database itself
          // spends on a bulk load that keeps the table's integrity
          rawCopyWithForeignKeysSeconds: {
            before: Number(keyedBefore.toFixed(1)),
            after: Number(keyedAfter.toFixed(1)),
          },
          ratioToRawCopyWithForeignKeys: Number(
            (generationSeconds / ((keyedBefore + keyedAfter) / 2)).toFixed(2),
          ),
        }
      : {}),
    loadAverage1m: { before: loadBefore, after: loadavg()[0] },
    target: '<= 1.5 x raw COPY into the same indexed table; server RSS <= 400 MB at 10,000,000',
  };
  if (values['generation-only']) {
    console.log(JSON.stringify({ bench: 'codes', machine: machine(), generation }, null, 2));
  } else {
    // redemption load: each request a different code
    const codes = spawnSync(
      'psql',
      [
        server.database,
        '-Atc',
        `select code from reward_codes where campaign_id = '${campaign.id}' limit 400000`,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    )
      .stdout.toString()
      .trim()
      .split('\n');
    // in no order, as people bring them to a counter (not the order they were generated and stored in)
    shuffled(codes);
    const { token: operatorToken } = await api(server.url, '/api/auth/login', {
      body: { tenant: 'demo', username: operatorName, password: PASSWORD },
    });
    let next = 0;
    const { onResponse, refusals } = refusalNotes();
    const meter = loadMeter(server.database);
    const result = await autocannon({
      url: `${server.url}/api/redeem-codes`,
      connections,
      duration,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${operatorToken}` },
          setupRequest: (req, context) => {
            context.sent = codes[next++ % codes.length];
            return { ...req, body: JSON.stringify({ code: context.sent }) };
          },
          ...(onResponse ? { onResponse } : {}),
        },
      ],
    });
    // read now: the report's setup below writes as much as the whole load
    const product = { ...figures(result, meter), ...(refusals.length > 0 ? { refusals } : {}) };
    // each request a code not yet redeemed: a run that sent more requests than it had codes
    // measured refusals too
    if (next > codes.length)
      throw new Error(`${next} redemptions sent, ${codes.length} codes: run with a larger --count`);
    // a report of (up to) 1,000,000 redemptions, downloaded as CSV: time, size, server memory
    spawnSync(
      'psql',
      [
        server.database,
        '-qc',
        `
    insert into redemptions (tenant_id, code, campaign_id, centre_id, redeemed_at)
    select tenant_id, code, campaign_id, '${centre.id}'::uuid, now() from reward_codes
    where campaign_id = '${campaign.id}' and status in ('available', 'assigned')
    on conflict do nothing;
    update reward_codes set status = 'redeemed', redeemed_at = now() where campaign_id = '${campaign.id}' and status in ('available', 'assigned');
    analyze redemptions;`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const redemptionRows = spawnSync('psql', [server.database, '-Atc', 'select count(*) from redemptions'])
      .stdout.toString()
      .trim();
    const rssBeforeReport = peakRssMb(server.pid);
    const reportStarted = performance.now();
    // a connection of its own (fetch would reuse one the server closed while idle: "other side closed")
    const { bytes, lines } = await new Promise((resolve, reject) => {
      const request = get(
        `${server.url}/api/reconciliation-reports/redemptions?format=csv`,
        { headers: { authorization: `Bearer ${token}` }, agent: false },
        (response) => {
          let size = 0;
          let count = 0;
          response.on('data', (chunk) => {
            size += chunk.length;
            for (const b of chunk) if (b === 10) count += 1;
          });
          response.on('end', () => resolve({ bytes: size, lines: count }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
    const reportSeconds = (performance.now() - reportStarted) / 1000;
    const rssAfterReport = peakRssMb(server.pid);
    const reference = await referencePgUpdate({ databaseUrl: server.database, connections, duration });
    console.log(
      JSON.stringify(
        {
          bench: 'codes',
          machine: machine(),
          loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
          generation,
          report: {
            redemptionRows: Number(redemptionRows),
            rows: lines - 1,
            megabytes: Number((bytes / 1e6).toFixed(1)),
            seconds: Number(reportSeconds.toFixed(1)),
            serverPeakRssMbBefore: rssBeforeReport,
            serverPeakRssMbAfter: rssAfterReport,
          },
          redemption: {
            connections,
            durationSeconds: duration,
            product,
            reference: { route: 'Fastify + node-postgres, one UPDATE … RETURNING', ...reference },
            ratio: ratio(product, reference),
            target: '>= 0.5 x reference, p99 <= 50 ms at 50 connections',
          },
        },
        null,
        2,
      ),
    );
  }
} finally {
  await server.stop();
}
