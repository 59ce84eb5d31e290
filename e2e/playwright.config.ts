import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two checkouts run their journeys side by side.
const PORT = Number(process.env.E2E_PORT ?? 3107);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

// One fresh data directory per run; workers inherit it through the environment. The runner that
// made it removes it as it exits (after stopping the server), unless the run failed: then the
// server's log and database stay for a look, and the runner says where.
if (!process.env.PROMO_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'promo-e2e-'));
  process.env.PROMO_E2E_DATA_DIR = dataDir;
  process.on('exit', (code) => {
    if (code === 0) rmSync(dataDir, { recursive: true, force: true });
    else process.stderr.write(`the server's data and log are kept in ${dataDir}\n`);
  });
}

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'es-ES',
    timezoneId: 'America/Costa_Rica',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    headless: true,
  },
  webServer: {
    // the server's log goes to a file the journeys read: the one-time codes of the marketplace
    // sign-in are e-mails, logged with LOG_OUTBOX (see marketplace-journey.spec.ts)
    command: 'node ../apps/server/dist/main.js > "$DATA_DIR/server.log"',
    url: `${BASE_URL}/healthz`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      // any free port: a server of another checkout may hold the default metrics port
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: process.env.PROMO_E2E_DATA_DIR,
      INITIAL_ADMIN_PASSWORD: 'e2e-password-123',
      PUBLIC_BASE_URL: BASE_URL,
      LOG_LEVEL: 'info',
      LOG_OUTBOX: 'true',
      NODE_ENV: 'production',
      // the journeys sign in about 55 times from this one address within a few minutes; the
      // sign-in limit itself (30 a minute by default) is tested by the server's tests (auth.test.ts)
      LOGIN_RATE_LIMIT: '1000',
    },
  },
});
