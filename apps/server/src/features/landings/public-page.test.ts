import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { contrastRatio, FONT_STACKS, XSS_CASES } from '@promo/landing';
import { afterAll, describe, expect, it } from 'vitest';
import { createActiveCampaign } from '../../testing/campaign-fixtures.ts';
import { publishedGroup } from '../../testing/landing-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { appWithWebApp } from '../../testing/web-app.ts';
import { mapPage, standardFormPage, thankYouPage } from './fixtures/standard-page.ts';

const t = await createTestApp();
const tenant = await t.createTenant();
const campaign = await createActiveCampaign(t, tenant);

const { name: groupName, ids } = await publishedGroup(t, tenant, campaign.id, [
  standardFormPage(),
  thankYouPage(),
]);
const url = `/${tenant.slug}/landing/${groupName}`;

describe('public landing page', () => {
  it('is served as Spanish HTML from the published document, with a strict CSP', async () => {
    const res = await t.request({ url });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toMatch(/^<!doctype html><html lang="es">/);
    expect(res.text).toContain('<title>Gane con nosotros</title>');
    expect(res.text).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(res.text).toContain('<meta property="og:title" content="Gane con nosotros">');
    expect(res.text).toContain('data-landing-form');
    expect(res.text).toContain('id="landing-data"');

    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain(',');
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.text).toContain(`<style nonce="${nonce}">`);
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain('frame-src https://www.youtube.com');
    expect(csp).not.toContain('unsafe-inline');
    // no inline script other than the JSON data block
    expect(res.text.match(/<script(?![^>]*type="application\/json")(?![^>]*src=)[^>]*>/g)).toBeNull();
  });

  it('embeds the campaign form, the country rules and the catalogue messages for the script', async () => {
    const res = await t.request({ url });
    const json = /<script type="application\/json" id="landing-data">(.*?)<\/script>/.exec(res.text)?.[1];
    const data = JSON.parse(json as string);
    expect(data).toMatchObject({
      tenant: tenant.slug,
      campaign: campaign.name,
      landingId: ids[0],
      page: 1,
      pages: 2,
      nextUrl: `${url}?page=2`,
      participateUrl: `/api/public/${tenant.slug}/campaigns/${campaign.name}/participations`,
      rules: { phoneDigits: 8, minAge: 18 },
    });
    expect(data.rules.departments).toContain('San José');
    expect(data.fields.map((f: { key: string }) => f.key)).toContain('cedula');
    expect(data.messages.PHONE_DIGITS).toMatch(/\{digits\}|\d/);
    expect(data.messages.GEOLOCATION_UNSUPPORTED).toBeTruthy();
  });

  it('dresses the page in the tenant’s theme: readable colours, font, logo; dates in the campaign’s zone', async () => {
    const brand = await t.createTenant({ name: 'Marca Clara' });
    const branded = await createActiveCampaign(t, brand, {
      terms: 'Válido en Costa Rica.\n\nUn código por persona.',
    });
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/tenants/${brand.id}`,
      token: t.superadmin.token,
      body: {
        theme: {
          preset: 'light',
          colors: { primary: '#74c0fc' },
          logoUrl: 'https://cdn.example.com/logo.png',
          font: 'serif',
        },
      },
    });
    expect(patched.status, patched.text).toBe(200);
    const { name } = await publishedGroup(t, brand, branded.id, [standardFormPage()]);
    const res = await t.request({ url: `/${brand.slug}/landing/${name}` });
    expect(res.text).toContain(
      '<header class="lp-brand"><img src="https://cdn.example.com/logo.png" alt="Marca Clara" height="48"></header>',
    );
    expect(res.text).toContain(`--lp-font:${FONT_STACKS.serif}`);
    // the light blue is darkened until white text on it reads at 4.5:1
    const button = /--lp-primary:(#[0-9a-f]{6})/.exec(res.text)?.[1] as string;
    expect(button).not.toBe('#74c0fc');
    expect(contrastRatio(button, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const data = JSON.parse(
      /<script type="application\/json" id="landing-data">(.*?)<\/script>/.exec(res.text)?.[1] ?? '{}',
    );
    expect(data.timeZone).toBe('America/Costa_Rica');
    expect(data.redeem).toEqual({ from: null, until: null });
    // plain-text terms (stored before rich text) read as paragraphs in the dialog's template
    expect(res.text).toContain(
      '<template id="lp-terms-text"><p>Válido en Costa Rica.</p><p>Un código por persona.</p></template>',
    );
    expect(res.text).not.toContain('lp-privacy-text');
  });

  it('answers 304 to a matching If-None-Match, and the ETag changes on publish and on rollback', async () => {
    const first = await t.request({ url });
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await t.request({ url, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);

    await t.request({
      method: 'PUT',
      url: `/api/landing-pages/${ids[0]}`,
      token: tenant.admin.token,
      body: { document: standardFormPage('Nuevo título') },
    });
    // a saved draft does not change the public page
    expect((await t.request({ url, headers: { 'if-none-match': etag } })).status).toBe(304);
    await t.request({
      method: 'POST',
      url: `/api/landing-pages/${ids[0]}/publish`,
      token: tenant.admin.token,
    });
    const changed = await t.request({ url, headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('<title>Nuevo título</title>');
    expect(changed.headers.etag).not.toBe(etag);

    await t.request({
      method: 'POST',
      url: `/api/landing-pages/${ids[0]}/rollback`,
      token: tenant.admin.token,
      body: { version: 1 },
    });
    const back = await t.request({ url });
    expect(back.text).toContain('<title>Gane con nosotros</title>');
    expect(back.headers.etag).not.toBe(changed.headers.etag);
  });

  it('sends the page compressed, brotli to a browser that takes it, else gzip, each with its own ETag', async () => {
    const plain = await t.request({ url });
    const squeezed = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(squeezed.headers['content-encoding']).toBe('br');
    expect(squeezed.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(squeezed.rawPayload).toString()).toBe(plain.text);
    const zipped = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.text);
    expect(zipped.rawPayload.length).toBeLessThan(plain.text.length / 2);
    expect(squeezed.rawPayload.length).toBeLessThan(zipped.rawPayload.length);
    const tags = [plain, squeezed, zipped].map((res) => String(res.headers.etag));
    expect(new Set(tags).size).toBe(3);
    const again = await t.app.inject({
      url,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': tags[2] },
    });
    expect(again.statusCode).toBe(304);
    const againBr = await t.app.inject({
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': tags[1] },
    });
    expect(againBr.statusCode).toBe(304);
    // one representation's tag does not validate another
    for (const [encoding, tag] of [
      ['gzip', tags[0]],
      ['gzip', tags[1]],
      ['br', tags[2]],
      ['identity', tags[1]],
    ]) {
      const other = await t.app.inject({
        url,
        headers: { 'accept-encoding': String(encoding), 'if-none-match': String(tag) },
      });
      expect(other.statusCode).toBe(200);
    }
    // a browser that weighs gzip higher, or refuses brotli, gets gzip; one that refuses both, the page as it is
    const weighed = await t.app.inject({ url, headers: { 'accept-encoding': 'br;q=0.5, gzip' } });
    expect(weighed.headers['content-encoding']).toBe('gzip');
    const refused = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip;q=0, br;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.payload).toBe(plain.text);
  });

  it('serves the group’s further pages with ?page=N; past the last one is not found', async () => {
    const second = await t.request({ url: `${url}?page=2` });
    expect(second.status).toBe(200);
    expect(second.text).toContain('¡Gracias por participar!');
    expect(second.text).toContain('"nextUrl":null');
    const third = await t.request({ url: `${url}?page=3` });
    expect(third.status).toBe(404);
    expect(third.text).toContain('Página no encontrada');
    const junk = await t.request({ url: `${url}?page=abc` });
    expect(junk.status).toBe(200);
  });

  it('unknown groups and tenants answer 404 with the not-found page', async () => {
    for (const path of [
      `/${tenant.slug}/landing/no-such-group`,
      '/no-such-tenant/landing/x1',
      '/landing/no-such',
    ]) {
      const res = await t.request({ url: path });
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('Página no encontrada');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('an inactive or out-of-window campaign shows the friendly not-available page', async () => {
    const other = await createActiveCampaign(t, tenant);
    const { name } = await publishedGroup(t, tenant, other.id, [standardFormPage()]);
    const path = `/${tenant.slug}/landing/${name}`;
    expect((await t.request({ url: path })).status).toBe(200);
    await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${other.id}/active-status`,
      token: tenant.admin.token,
      body: { active: false },
    });
    // campaign changes reach the public page within the one-second page-state cache
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const res = await t.request({ url: path });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Promoción no disponible');
    expect(res.headers.etag).toBeUndefined();

    const ended = await createActiveCampaign(t, tenant, {
      startsAt: '2025-01-01T00:00:00Z',
      endsAt: '2025-06-01T00:00:00Z',
    });
    const late = await publishedGroup(t, tenant, ended.id, [standardFormPage()]);
    const closed = await t.request({ url: `/${tenant.slug}/landing/${late.name}` });
    expect(closed.text).toContain('Promoción no disponible');
  });

  it('a suspended tenant’s pages say so', async () => {
    const brand = await t.createTenant();
    const c = await createActiveCampaign(t, brand);
    const { name } = await publishedGroup(t, brand, c.id, [standardFormPage()]);
    const suspended = await t.request({
      method: 'PATCH',
      url: `/api/tenants/${brand.id}`,
      token: t.superadmin.token,
      body: { status: 'suspended' },
    });
    expect(suspended.status, suspended.text).toBe(200);
    const res = await t.request({ url: `/${brand.slug}/landing/${name}` });
    expect(res.status).toBe(403);
    expect(res.text).toContain('suspendido');
  });

  it('/landing/{group} uses the default tenant (demo)', async () => {
    const demoAdmin = await t.login('admin', 'demo');
    const list = await t.request({ url: '/api/campaigns?q=promo-demo', token: demoAdmin.token });
    const demoCampaign = list.body.items[0];
    const demo = { id: '', slug: 'demo', admin: demoAdmin };
    const { name } = await publishedGroup(t, demo, demoCampaign.id, [standardFormPage('Demo')]);
    const res = await t.request({ url: `/landing/${name}` });
    // found in the demo tenant (its sample campaign's window follows the real clock, not the test's)
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<title>(Demo|Promoción no disponible|Promoción aún no abierta)<\/title>/);
    expect((await t.request({ url: `/landing/${name}-missing` })).status).toBe(404);
  });

  it('/{tenant}/landing without a group name goes to the tenant’s newest group of an open campaign', async () => {
    const brand = await t.createTenant();
    // nothing yet: the friendly not-available page
    const empty = await t.request({ url: `/${brand.slug}/landing` });
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Promoción no disponible');
    const open = await createActiveCampaign(t, brand);
    const { name } = await publishedGroup(t, brand, open.id, [standardFormPage()]);
    const closed = await createActiveCampaign(t, brand);
    await publishedGroup(t, brand, closed.id, [standardFormPage()]);
    await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${closed.id}/active-status`,
      token: brand.admin.token,
      body: { active: false },
    });
    const res = await t.request({ url: `/${brand.slug}/landing` });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/${brand.slug}/landing/${name}`);
    expect((await t.request({ url: '/nobody-here/landing' })).status).toBe(404);
    // /landing is the default tenant's (demo): a group of its sample campaign published now is its
    // newest; that campaign's window follows the real clock, not the test's, so whether it is open
    // at the test's clock decides between that group and the not-available page
    const demoAdmin = await t.login('admin', 'demo');
    const listed = await t.request({ url: '/api/campaigns?q=promo-demo', token: demoAdmin.token });
    const sample = listed.body.items[0];
    const demo = { id: '', slug: 'demo', admin: demoAdmin };
    const demoGroup = await publishedGroup(t, demo, sample.id, [standardFormPage('Demo')]);
    const now = t.clock.now().getTime();
    const sampleOpen =
      sample.state === 'active' && Date.parse(sample.startsAt) <= now && now < Date.parse(sample.endsAt);
    const fallback = await t.request({ url: '/landing' });
    if (sampleOpen) {
      expect(fallback.status).toBe(302);
      expect(fallback.headers.location).toBe(`/landing/${demoGroup.name}`);
    } else {
      expect(fallback.status).toBe(200);
      expect(fallback.text).toContain('Promoción no disponible');
    }
  });

  it('serves the page script with a year of caching, compressed when the browser takes it; unknown files are not found', async () => {
    const page = await t.request({ url });
    const src = /<script src="(\/public\/landing\.[\w-]+\.js)" defer><\/script>/.exec(page.text)?.[1];
    expect(src).toBeDefined();
    const script = await t.request({ url: src as string });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.text).toContain('landing-data');
    expect(script.headers['content-encoding']).toBeUndefined();
    // a browser that takes brotli gets the build's brotli copy, one that takes gzip the script
    // gzipped (the public JS budget is in gzip bytes)
    const squeezed = await t.app.inject({
      url: src as string,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(squeezed.headers['content-encoding']).toBe('br');
    expect(squeezed.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(squeezed.rawPayload).toString()).toBe(script.text);
    const zipped = await t.app.inject({
      url: src as string,
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(script.text.length / 2);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(script.text);
    expect(squeezed.rawPayload.length).toBeLessThan(zipped.rawPayload.length);
    const refused = await t.app.inject({
      url: src as string,
      headers: { 'accept-encoding': 'gzip;q=0, br;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect((await t.request({ url: '/public/landing.other.js' })).status).toBe(404);
    expect((await t.request({ url: '/public/..%2Fpublic-manifest.json' })).status).toBe(404);
  });

  it('draws the map element’s box and list of centres in the page itself, so nothing moves when the script runs', async () => {
    const rewards = await createActiveCampaign(t, tenant, { kind: 'reward_code' });
    const { name } = await publishedGroup(t, tenant, rewards.id, [mapPage()]);
    const html = (await t.request({ url: `/${tenant.slug}/landing/${name}` })).text;
    const box = /<div[^>]*data-map[^>]*>(.*?)<\/ul>/.exec(html)?.[1] ?? '';
    // the box at its final height comes first (the centre has a position), then the list
    expect(box).toMatch(
      /^<div class="lp-map-canvas" role="region" aria-label="Mapa de centros de canje"><\/div>/,
    );
    expect(box).toContain('Ordenar por cercanía');
    expect(box).toMatch(/<li><strong>Centro [^<]+<\/strong>/);
  });

  it('gives the map element the campaign’s redemption centres, the map files and the tile server', async () => {
    const rewards = await createActiveCampaign(t, tenant, { kind: 'reward_code' });
    const { name } = await publishedGroup(t, tenant, rewards.id, [standardFormPage()]);
    const pageData = async () => {
      const res = await t.request({ url: `/${tenant.slug}/landing/${name}` });
      const json = /<script type="application\/json" id="landing-data">(.*?)<\/script>/.exec(res.text)?.[1];
      return { data: JSON.parse(json as string), csp: String(res.headers['content-security-policy']) };
    };
    const { data } = await pageData();
    expect(data.kind).toBe('reward_code');
    expect(data.centres).toHaveLength(1);
    expect(data.centres[0]).toMatchObject({ lat: 9.93, lng: -84.08 });
    expect(data.centres[0].name).toMatch(/^Centro /);
    // the server's default tile server until the tenant names one
    expect(data.map.tiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    const mapScript = await t.request({ url: data.map.script });
    expect(mapScript.status).toBe(200);
    expect(mapScript.text).toContain('lp-map-canvas');
    const mapCss = await t.request({ url: data.map.css });
    expect(mapCss.headers['content-type']).toMatch(/^text\/css/);
    expect(mapCss.text).toContain('.leaflet-container');

    const tiles = { url: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', attribution: 'Mapas <Ejemplo>' };
    const saved = await t.request({
      method: 'PATCH',
      url: `/api/tenants/${tenant.id}`,
      token: t.superadmin.token,
      body: { config: { mapTiles: tiles } },
    });
    expect(saved.status, saved.text).toBe(200);
    const after = await pageData();
    expect(after.data.map.tiles).toEqual(tiles);

    const refused = await t.request({
      method: 'PATCH',
      url: `/api/tenants/${tenant.id}`,
      token: t.superadmin.token,
      body: { config: { mapTiles: { url: 'javascript:alert(1)//{z}/{x}/{y}', attribution: 'x' } } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].path).toBe('config.mapTiles.url');
  });

  it('refuses every XSS corpus document on save', async () => {
    for (const xss of XSS_CASES) {
      const res = await t.request({
        method: 'POST',
        url: '/api/landing-pages',
        token: tenant.admin.token,
        body: { name: 'xss', campaignId: campaign.id, document: xss.document },
      });
      expect(res.status, xss.name).toBe(400);
      expect(res.body.error.code, xss.name).toBe('VALIDATION_FAILED');
    }
  });
});

describe('public pages and the web app', () => {
  it('win over the web app’s fallback to index.html', async () => {
    const { app, close } = await appWithWebApp();
    afterAll(close);
    const landing = await app.inject({ url: url });
    // another database: the tenant is unknown there, so the landing route answers its 404 page
    expect(landing.statusCode).toBe(404);
    expect(landing.body).toContain('Página no encontrada');
    const spa = await app.inject({ url: `/${tenant.slug}/pages/campaigns` });
    expect(spa.body).toContain('<title>SPA</title>');
  });
});
