import { describe, expect, it } from 'vitest';
import { createPerson, marketSetup } from '../../testing/market-fixtures.ts';
import { csvReportReads } from '../../testing/report-reads.ts';
import { createTestApp } from '../../testing/test-app.ts';

/**
 * The orders report takes each batch of 5,000 through the time index, whatever the planner knows
 * of the products, people, shops and vouchers it names (the redemptions report's fault, found by
 * bench/exports: with those tables never analysed, every batch sorted all of the tenant's rows).
 * PostgreSQL's own counters say how many rows were read.
 */
const t = await createTestApp();
const tenant = await t.createTenant();
const market = await marketSetup(t, tenant, { digitalCodes: 0 });
const person = await createPerson(t, tenant);
const ROWS = 12_000;

describe('the orders report reads each batch, not every order', () => {
  it('12,000 orders in 3 batches: each row read once', async () => {
    await t.db.ownerQuery(
      `insert into orders (tenant_id, marketplace_id, campaign_id, participant_id, product_id, paid_with, points, centre_id, product_code, created_at)
       select $1, $2, $3, $4, $5, 'points', 30, $6, 'READ' || g, now() - make_interval(secs => g)
       from generate_series(1, ${ROWS}) g`,
      [tenant.id, market.marketplace.id, market.campaign.id, person.id, market.physical.id, market.shop.id],
    );
    // the big table analysed, as autovacuum would after such an insert
    await t.db.ownerQuery('analyze orders');
    const report = await csvReportReads(t, {
      url: '/api/reconciliation-reports/orders?format=csv',
      token: tenant.admin.token,
      table: 'orders',
      index: 'orders_time',
      rows: ROWS,
    });
    expect(report.lines).toHaveLength(ROWS + 1);
    expect(report.lines.slice(1).every((line) => line.includes('Camiseta'))).toBe(true);
    // before: every batch scanned all of the tenant’s orders
    expect(report.sequential).toBe(0);
    expect(report.indexed).toBeLessThan(ROWS + 10);
  });
});
