import { describe, expect, it } from 'vitest';
import { createActiveCampaign } from '../../testing/campaign-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { thankYouPage } from './fixtures/standard-page.ts';

// Spec §9's emoji picker puts emojis in the builder's text: they must reach the public page intact
// (flags and skin tones are several code points; the page is UTF-8).
const t = await createTestApp();
const tenant = await t.createTenant();
const TEXT = '¡Gracias! 🎉 Pura vida 🇨🇷 👍🏽 ❤️';

describe('emojis in landing text', () => {
  it('survive saving and publishing, and appear in the public page’s HTML', async () => {
    const campaign = await createActiveCampaign(t, tenant);
    const admin = tenant.admin.token;
    const document = { ...thankYouPage(TEXT), page: { title: 'Gracias 🎁' } };
    const created = await t.request({
      method: 'POST',
      url: '/api/landing-pages',
      token: admin,
      body: { name: 'Gracias 🎉', campaignId: campaign.id, document },
    });
    expect(created.status, created.text).toBe(201);
    const published = await t.request({
      method: 'POST',
      url: `/api/landing-pages/${created.body.id}/publish`,
      token: admin,
    });
    expect(published.status, published.text).toBe(200);
    const name = t.unique('emoji');
    const group = await t.request({
      method: 'POST',
      url: '/api/landing-group',
      token: admin,
      body: { name, landingIds: [created.body.id] },
    });
    expect(group.status, group.text).toBe(201);

    const page = await t.request({ url: `/${tenant.slug}/landing/${name}` });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('charset=utf-8');
    expect(page.text).toContain(`${TEXT}</h1>`);
    expect(page.text).toContain('<title>Gracias 🎁</title>');
    const read = await t.request({ url: `/api/landing-pages/${created.body.id}`, token: admin });
    expect(read.body.document.elements[0].text).toBe(TEXT);
  });
});
