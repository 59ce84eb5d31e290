import { describe, expect, it } from 'vitest';
import { createActiveCampaign } from '../../testing/campaign-fixtures.ts';
import { publishedGroup } from '../../testing/landing-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { standardFormPage } from './fixtures/standard-page.ts';

const t = await createTestApp();
const tenant = await t.createTenant();

/** The public page of a live campaign that starts at `startsAt` (the test clock: 2026-06-01 15:00 UTC). */
async function pageOfCampaignStarting(startsAt: string) {
  const campaign = await createActiveCampaign(t, tenant, { startsAt, endsAt: '2026-12-31T00:00:00Z' });
  const { name } = await publishedGroup(t, tenant, campaign.id, [standardFormPage()]);
  return t.request({ url: `/${tenant.slug}/landing/${name}` });
}

describe('the public page of a campaign that has not opened yet', () => {
  it("says when it opens, in Spanish, in the tenant's time zone (Costa Rica, UTC−6)", async () => {
    const res = await pageOfCampaignStarting('2026-06-11T02:30:00Z');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Promoción aún no abierta');
    // 02:30 UTC on the 11th is 20:30 on the 10th in Costa Rica
    expect(res.text).toContain(
      'Esta promoción abre el miércoles 10 de junio de 2026 a las 20:30 (hora de Costa Rica).',
    );
    expect(res.text).not.toContain('2026-06-1');
    expect(res.text).not.toContain('data-landing-form');
    expect(res.headers.etag).toBeUndefined();
  });

  it('says "a la 1:00" for one o’clock', async () => {
    const res = await pageOfCampaignStarting('2026-06-02T07:00:00Z');
    expect(res.text).toContain(
      'Esta promoción abre el martes 2 de junio de 2026 a la 1:00 (hora de Costa Rica).',
    );
  });

  it('once it has opened, the page is the form', async () => {
    const res = await pageOfCampaignStarting('2026-06-01T14:59:00Z');
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-landing-form');
  });
});
