import { describe, it } from 'vitest';
import { spendRace, stockRace } from '../../testing/market-concurrency.ts';
import { createTestApp } from '../../testing/test-app.ts';

// A smaller scale on PGlite (one connection: the race is on the application's side); the issue's
// scale (stock 100 and 1,000 buyers; 25,000 spends, 5,000 retried) runs on PostgreSQL in
// concurrency.services.test.ts (npm run test:pg).
const t = await createTestApp();
const tenant = await t.createTenant();

describe('concurrency of the marketplace', () => {
  it('stock 20 and 200 simultaneous buyers give exactly 20 orders', { timeout: 120_000 }, async () => {
    await stockRace(t, tenant, 20, 200);
  });

  it('400 spends with 80 retried keys: balances equal their ledgers, none negative', {
    timeout: 120_000,
  }, async () => {
    await spendRace(t, tenant, { people: 20, spends: 400, retries: 80, balance: 12, inFlight: 100 });
  });
});
