import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createActiveCampaign, STANDARD_FORM } from '../../testing/campaign-fixtures.ts';
import { marketSetup } from '../../testing/market-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { appWithWebApp } from '../../testing/web-app.ts';

const t = await createTestApp();
const tenant = await t.createTenant();
const other = await t.createTenant();
const market = await marketSetup(t, tenant);
const otherMarket = await marketSetup(t, other);
const campaignName = market.campaign.name as string;
const personId = '5b0c2d3e-1f2a-4b5c-8d9e-0f1a2b3c4d5e';

const pages = {
  'marketplace-authentication': `/${tenant.slug}/marketplace-authentication/${campaignName}`,
  'transactions-authentication': `/${tenant.slug}/transactions-authentication/${campaignName}`,
  marketplace: `/${tenant.slug}/marketplace/${campaignName}/${market.marketplace.id}`,
  'marketplace-code': `/${tenant.slug}/marketplace-code/${campaignName}/${market.marketplace.id}`,
  transactions: `/${tenant.slug}/transactions/${campaignName}/${personId}`,
};

function pageData(html: string) {
  const json = /<script type="application\/json" id="market-data">(.*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json as string);
}

describe('end-customer pages', () => {
  it.each(Object.entries(pages))(
    '%s is Spanish HTML with a strict CSP and the market script',
    async (kind, url) => {
      const res = await t.request({ url });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toMatch(/^<!doctype html><html lang="es">/);
      expect(res.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      const csp = String(res.headers['content-security-policy']);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp.split('; ').find((d) => d.startsWith('script-src'))).toBe(
        `script-src 'self' 'nonce-${nonce}'`,
      );
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.text).toContain(`<style nonce="${nonce}">`);
      // one script file, and no inline script but the JSON data block
      expect(res.text).toMatch(/<script src="\/public\/market\.[\w-]+\.js" defer><\/script>/);
      expect(res.text.match(/<script(?![^>]*type="application\/json")(?![^>]*src=)[^>]*>/g)).toBeNull();
      const data = pageData(res.text);
      expect(data).toMatchObject({ page: kind, tenant: tenant.slug, campaign: campaignName });
      expect(data.messages.SHOP_REQUIRED).toBe('Elija la tienda donde retirará el producto.');
    },
  );

  it('names the marketplace, the person of the transactions and the tenant colours', async () => {
    const marketplace = await t.request({ url: pages.marketplace });
    expect(pageData(marketplace.text)).toMatchObject({
      marketplaceId: market.marketplace.id,
      personId: null,
    });
    expect(marketplace.text).toContain('<h1>Tienda de puntos</h1>');
    expect(marketplace.text).toMatch(/:root\{--p:#[0-9a-fA-F]{3,8};/);
    const transactions = await t.request({ url: pages.transactions });
    expect(pageData(transactions.text)).toMatchObject({
      marketplaceId: null,
      personId,
      timeZone: 'America/Costa_Rica',
    });
    const auth = await t.request({ url: pages['marketplace-authentication'] });
    expect(auth.text).toContain('<label for="cedula">');
    expect(auth.text).toContain('autocomplete="one-time-code"');
  });

  it('uses the marketplace’s own primary colour, never anything but a hex colour', async () => {
    await t.request({
      method: 'PATCH',
      url: `/api/marketplaces/${market.marketplace.id}`,
      token: tenant.admin.token,
      body: { appearance: { primaryColor: '#ab1234' } },
    });
    const res = await t.request({ url: pages.marketplace });
    expect(res.text).toContain(':root{--p:#ab1234;');
    await t.request({
      method: 'PATCH',
      url: `/api/marketplaces/${market.marketplace.id}`,
      token: tenant.admin.token,
      body: { appearance: { primaryColor: 'red}body{' } },
    });
    const hostile = await t.request({ url: pages.marketplace });
    expect(hostile.text).not.toContain('red}body{');
    await t.request({
      method: 'PATCH',
      url: `/api/marketplaces/${market.marketplace.id}`,
      token: tenant.admin.token,
      body: { appearance: { primaryColor: null } },
    });
  });

  it('answers the not-found page for an unknown tenant, campaign or marketplace', async () => {
    const raffle = await createActiveCampaign(t, tenant);
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const notFound = [
      `/no-such-tenant/marketplace-authentication/${campaignName}`,
      `/${tenant.slug}/marketplace-authentication/no-such-campaign`,
      `/${tenant.slug}/transactions-authentication/${raffle.name}`,
      `/${tenant.slug}/marketplace/${campaignName}/${unknownId}`,
      `/${tenant.slug}/marketplace/${campaignName}/not-a-uuid`,
      `/${tenant.slug}/marketplace-code/${campaignName}/${unknownId}`,
      `/${tenant.slug}/transactions/${campaignName}/not-a-uuid`,
      // another tenant's marketplace, through this tenant's path, and the reverse
      `/${tenant.slug}/marketplace/${campaignName}/${otherMarket.marketplace.id}`,
      `/${other.slug}/marketplace/${otherMarket.campaign.name}/${market.marketplace.id}`,
      `/${tenant.slug}/marketplace/BAD_CAMPAIGN/${market.marketplace.id}`,
    ];
    for (const url of notFound) {
      const res = await t.request({ url });
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('Página no encontrada');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self' 'nonce-");
    }
  });

  it('hides a deactivated marketplace', async () => {
    const setup = await marketSetup(t, tenant);
    const url = `/${tenant.slug}/marketplace/${setup.campaign.name}/${setup.marketplace.id}`;
    expect((await t.request({ url })).status).toBe(200);
    await t.request({
      method: 'PATCH',
      url: `/api/marketplaces/${setup.marketplace.id}`,
      token: tenant.admin.token,
      body: { active: false },
    });
    expect((await t.request({ url })).status).toBe(404);
  });

  it('says a marketplace of a draft campaign is not open yet, and its list shows that state', async () => {
    const setup = await marketSetup(t, tenant);
    const draft = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.admin.token,
      body: {
        name: t.unique('borrador'),
        title: 'Puntos en borrador',
        kind: 'points',
        countryCode: 'CR',
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: '2026-12-31T00:00:00Z',
      },
    });
    expect(draft.status, draft.text).toBe(201);
    const made = await t.request({
      method: 'POST',
      url: '/api/marketplaces',
      token: tenant.admin.token,
      body: {
        name: 'Tienda futura',
        templateId: 'grid-2',
        campaignId: draft.body.id,
        productIds: [setup.physical.id],
      },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ active: true, publicState: 'campaign-draft' });
    const page = await t.request({ url: `/${tenant.slug}/marketplace/${draft.body.name}/${made.body.id}` });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Tienda aún no abierta');
    const list = await t.request({
      url: `/api/marketplaces?campaignId=${setup.campaign.id}`,
      token: tenant.admin.token,
    });
    expect(list.body.items[0].publicState).toBe('open');
    // once the campaign is activated the page opens
    await t.request({
      method: 'PUT',
      url: `/api/campaigns/${draft.body.id}/form`,
      token: tenant.admin.token,
      body: STANDARD_FORM,
    });
    const activated = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${draft.body.id}/active-status`,
      token: tenant.admin.token,
      body: { active: true },
    });
    expect(activated.status, activated.text).toBe(200);
    const opened = await t.request({ url: `/api/marketplaces/${made.body.id}`, token: tenant.admin.token });
    expect(opened.body.publicState).toBe('open');
  });

  it('serves the market script within its 30 KB gzip budget', async () => {
    const page = await t.request({ url: pages.marketplace });
    const src = /<script src="(\/public\/market\.[\w-]+\.js)"/.exec(page.text)?.[1] as string;
    const script = await t.app.inject({ url: src });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.headers['cache-control']).toContain('immutable');
    expect(gzipSync(script.rawPayload).length).toBeLessThan(30 * 1024);
  });

  it('wins over the web app’s fallback', async () => {
    const { app, close } = await appWithWebApp();
    afterAll(close);
    for (const url of Object.values(pages)) {
      const res = await app.inject({ url });
      // another database: the tenant is unknown there, so the page (not the SPA) says not found
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Página no encontrada');
    }
  });
});
