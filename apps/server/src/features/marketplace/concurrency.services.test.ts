import { describe, it } from 'vitest';
import { spendRace, stockRace } from '../../testing/market-concurrency.ts';
import { createTestApp } from '../../testing/test-app.ts';

// PostgreSQL only (npm run test:pg): many connections race for the same rows.
const t = await createTestApp();
const tenant = await t.createTenant();

describe('concurrency of the marketplace on PostgreSQL', () => {
  it('stock 100 and 1,000 simultaneous buyers give exactly 100 orders', { timeout: 300_000 }, async () => {
    await stockRace(t, tenant, 100, 1000);
  });

  it('25,000 spends with 5,000 retried keys: balances equal their ledgers, none negative', {
    timeout: 900_000,
  }, async () => {
    await spendRace(t, tenant, { people: 500, spends: 25_000, retries: 5_000, balance: 35, inFlight: 100 });
  });
});
