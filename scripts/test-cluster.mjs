#!/usr/bin/env node
// `npm run test:cluster`: starts `npm run cluster` in a run directory of its own, runs the
// cluster tests (apps/server/src/cluster/*.cluster.test.ts) against it through HAProxy and the
// processes themselves, then stops everything it started, whatever the outcome.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const runDir = process.env.CLUSTER_DIR ?? '/tmp/promo-cluster-test';
const env = {
  ...process.env,
  CLUSTER_DIR: runDir,
  // the test fixtures sign in with this password (apps/server/src/testing/test-app.ts)
  INITIAL_ADMIN_PASSWORD: 'correct-horse-battery',
  // the daily points expiry is due as soon as a process looks (start, restart)
  POINTS_EXPIRY_TIME: '00:00',
};

const cluster = spawn(process.execPath, [join(root, 'scripts/cluster.mjs')], {
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
cluster.stdout.on('data', (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
});
const exited = new Promise((resolve) => cluster.once('exit', resolve));

let tests = null;
async function stop() {
  if (tests && tests.exitCode === null) tests.kill('SIGTERM');
  if (cluster.exitCode === null && cluster.signalCode === null) cluster.kill('SIGINT');
  await exited;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop().then(() => process.exit(1)));

let status = 1;
try {
  const deadline = Date.now() + 600_000;
  while (!output.includes('Ctrl-C')) {
    if (cluster.exitCode !== null || Date.now() > deadline) throw new Error('the cluster did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const state = JSON.parse(readFileSync(join(runDir, 'cluster.json'), 'utf8'));
  // not spawnSync: a Ctrl-C meanwhile must still reach the cluster's stop
  tests = spawn(
    'npx',
    ['vitest', 'run', '--config', 'apps/server/vitest.cluster.config.ts', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        CLUSTER_STATE: join(runDir, 'cluster.json'),
        CLUSTER_PID: String(cluster.pid),
        CLUSTER_URL: state.url,
      },
    },
  );
  status = await new Promise((resolve) => tests.once('exit', (code) => resolve(code ?? 1)));
} catch (error) {
  console.error(`test:cluster: ${error.message}`);
} finally {
  await stop();
}
if (existsSync(runDir)) console.error(`test:cluster: ${runDir} was left behind`);
process.exit(status);
