import { describe, expect, it } from 'vitest';
import { marketSetup } from '../../testing/market-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';
import type { MarketplaceRow } from './marketplaces.repository.ts';
import { isMarketplaceOpen } from './storefront.ts';

// Whether a marketplace is open lives twice: the storefront's `open` flag (isMarketplaceOpen, in
// TypeScript, on the row it has read) and the orders' refusal (marketplace_refusal, in SQL, which
// both ways of paying ask). One table of cases drives both, and they must agree.
const t = await createTestApp();
const tenant = await t.createTenant();
const m = await marketSetup(t, tenant, { physicalStock: 1, digitalCodes: 0 });
const now = new Date('2026-06-01T15:00:00Z');
const before = '2026-06-01T14:59:59.999Z';
const after = '2026-06-01T15:00:00.001Z';
const at = now.toISOString();

type Window = { active: boolean; opensAt: string | null; closesAt: string | null };

const cases: Array<[string, Window, boolean]> = [
  ['active, no window', { active: true, opensAt: null, closesAt: null }, true],
  ['inactive, no window', { active: false, opensAt: null, closesAt: null }, false],
  ['opened a moment ago', { active: true, opensAt: before, closesAt: null }, true],
  ['opening this instant', { active: true, opensAt: at, closesAt: null }, true],
  ['opening a moment from now', { active: true, opensAt: after, closesAt: null }, false],
  ['closing a moment from now', { active: true, opensAt: null, closesAt: after }, true],
  ['closing this instant', { active: true, opensAt: null, closesAt: at }, false],
  ['closed a moment ago', { active: true, opensAt: null, closesAt: before }, false],
  ['inside its window', { active: true, opensAt: before, closesAt: after }, true],
  ['inside its window, inactive', { active: false, opensAt: before, closesAt: after }, false],
];

describe('a marketplace is open by one rule, in TypeScript and in SQL', () => {
  it.each(cases)('%s', async (_name, window, open) => {
    await t.db.ownerQuery(
      'update marketplaces set active = $2, opens_at = $3, closes_at = $4 where id = $1',
      [m.marketplace.id, window.active, window.opensAt, window.closesAt],
    );
    const [sql] = await t.db.ownerQuery<{ refusal: string | null }>(
      'select marketplace_refusal(m, m.campaign_id, $2) as refusal from marketplaces m where m.id = $1',
      [m.marketplace.id, at],
    );
    const row = {
      active: window.active,
      opensAt: window.opensAt ? new Date(window.opensAt) : null,
      closesAt: window.closesAt ? new Date(window.closesAt) : null,
    } as MarketplaceRow;
    expect(sql?.refusal).toBe(open ? null : 'closed');
    expect(isMarketplaceOpen(row, now)).toBe(open);
  });

  it('SQL: not found for no marketplace, and for one of another campaign', async () => {
    const [none] = await t.db.ownerQuery<{ refusal: string | null }>(
      'select marketplace_refusal(null::marketplaces, $1, now()) as refusal',
      [m.campaign.id],
    );
    expect(none?.refusal).toBe('not_found');
    const [other] = await t.db.ownerQuery<{ refusal: string | null }>(
      'select marketplace_refusal(m, gen_random_uuid(), now()) as refusal from marketplaces m where m.id = $1',
      [m.marketplace.id],
    );
    expect(other?.refusal).toBe('not_found');
  });
});
