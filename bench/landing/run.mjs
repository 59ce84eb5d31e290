#!/usr/bin/env node
// bench/landing: the public landing page (/demo/landing/{group}) under load, asked for as a
// browser does (Accept-Encoding: gzip, deflate, br, so it comes in brotli), then uncompressed and
// revalidated (304), next to Fastify's hello world (bench/reference) and a static file of the same
// bytes served by the same server (the web app's static files), all in the same run. Usage:
//   node bench/landing/run.mjs [--duration 15] [--connections 50] [--pglite]
// Needs the web app built (npm run build) for the static comparison, and wrk (`apt-get install -y
// wrk`): the page and hello are loaded by wrk for the ratio (bench/lib/wrk.mjs says why), and by
// autocannon too, as every other bench, for the figures before it.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ratio, referenceHello } from '../lib/reference.mjs';
import { api, machine, PASSWORD, startServer } from '../lib/server.mjs';
import { hasWrk, wrkLoad } from '../lib/wrk.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    pglite: { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const webDist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));

/** The standard-form page of the server tests (same document as e2e), written out in JSON. */
async function sampleDocument() {
  const { standardFormPage } = await import(
    '../../apps/server/src/features/landings/fixtures/standard-page.ts'
  ).catch(() => ({}));
  if (standardFormPage) return standardFormPage('Bench');
  throw new Error(
    'run with node >= 22.6 --experimental-strip-types, or via tsx: npx tsx bench/landing/run.mjs',
  );
}

const withWrk = hasWrk();
if (!withWrk)
  process.stderr.write("wrk is not installed (apt-get install -y wrk): the ratio is autocannon's\n");

/** A load by autocannon. */
async function autocannonLoad(url, headers = {}) {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    throughputMBps: Number((result.throughput.average / 1e6).toFixed(1)),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** A load by wrk where it is installed, else by autocannon. */
const load = (url, headers = {}) =>
  withWrk ? wrkLoad({ url, connections, duration, headers }) : autocannonLoad(url, headers);

const document = await sampleDocument();
const server = await startServer({ pglite: values.pglite });
const staticName = `bench-landing-${process.pid}.txt`;
try {
  const { token } = await api(server.url, '/api/auth/login', {
    body: { tenant: 'demo', username: 'admin', password: PASSWORD },
  });
  const campaigns = await api(server.url, '/api/campaigns?q=promo-demo', { token });
  const campaignId = campaigns.items[0].id;
  const landing = await api(server.url, '/api/landing-pages', {
    token,
    body: { name: 'Bench', campaignId, document },
  });
  await api(server.url, `/api/landing-pages/${landing.id}/publish`, { token, body: {} });
  const group = `bench-${Date.now().toString(36)}`;
  await api(server.url, '/api/landing-group', { token, body: { name: group, landingIds: [landing.id] } });
  const pageUrl = `${server.url}/demo/landing/${group}`;
  const first = await fetch(pageUrl);
  const html = await first.text();
  if (first.status !== 200) throw new Error(`landing page: ${first.status}`);

  // as a phone's browser asks for it (every browser takes gzip), then without compression
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const zipped = await fetch(pageUrl, { headers: browser });
  await zipped.arrayBuffer();
  const page = await load(pageUrl, browser);
  const uncompressed = await load(pageUrl);
  const revalidated = await load(pageUrl, { ...browser, 'if-none-match': zipped.headers.get('etag') });
  let staticFile = null;
  if (existsSync(webDist)) {
    writeFileSync(`${webDist}${staticName}`, html);
    staticFile = await load(`${server.url}/${staticName}`);
  }
  const hello = await referenceHello({
    connections,
    duration,
    ...(withWrk ? { load: wrkLoad } : {}),
  });
  // the same two loads by autocannon, the load generator of the figures before wrk
  const byAutocannon = withWrk
    ? {
        landingPage: await autocannonLoad(pageUrl, browser),
        reference: await referenceHello({ connections, duration }),
      }
    : null;
  console.log(
    JSON.stringify(
      {
        bench: 'landing',
        machine: machine(),
        loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
        driver: values.pglite ? 'pglite' : 'postgres',
        loadGenerator: withWrk ? 'wrk' : 'autocannon',
        connections,
        durationSeconds: duration,
        pageBytes: Buffer.byteLength(html),
        landingPage: page,
        landingPageUncompressed: uncompressed,
        landingPage304: revalidated,
        staticFileSameBytes: staticFile,
        reference: { route: 'Fastify hello world', ...hello },
        ratio: ratio(page, hello),
        target: '>= 0.5 x Fastify hello',
        ...(byAutocannon
          ? {
              autocannon: { ...byAutocannon, ratio: ratio(byAutocannon.landingPage, byAutocannon.reference) },
            }
          : {}),
        ratioToStatic: staticFile
          ? Number((page.requestsPerSecond / staticFile.requestsPerSecond).toFixed(2))
          : null,
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(`${webDist}${staticName}`, { force: true });
  await server.stop();
}
