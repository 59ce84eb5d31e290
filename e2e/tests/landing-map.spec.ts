import { type APIRequestContext, devices, expect, test } from '@playwright/test';
import { mapPage } from '../../apps/server/src/features/landings/fixtures/standard-page.ts';
import { createCampaign, createMapCentres } from './api-setup.ts';
import { PASSWORD, saveScreenshot } from './helpers.ts';

/**
 * The landing map element (issue 6): the campaign's redemption centres listed and drawn on tiles
 * from the tenant's tile server, with the map library loaded only after the page has loaded,
 * and sorted by distance when the browser gives a position.
 */

const suffix = Date.now().toString(36);
const TILES = 'https://tiles.e2e.test/{z}/{x}/{y}.png';
// a 1×1 PNG for every tile request (this machine has no internet)
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function login(request: APIRequestContext, username: string, tenant?: string) {
  const res = await request.post('/api/auth/login', {
    data: { username, password: PASSWORD, ...(tenant ? { tenant } : {}) },
  });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

test('the map element shows the campaign’s centres on the tenant’s tiles, nearest first', async ({
  browser,
  request,
}) => {
  const platform = await login(request, 'superadmin');
  const tenants = await (await request.get('/api/tenants?q=demo', { headers: platform })).json();
  const demo = tenants.items.find((t: { slug: string }) => t.slug === 'demo');
  const saved = await request.patch(`/api/tenants/${demo.id}`, {
    headers: platform,
    data: { config: { ...demo.config, mapTiles: { url: TILES, attribution: 'Mosaicos E2E' } } },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const admin = await login(request, 'admin', 'demo');
  const centreIds = await createMapCentres(request, admin, suffix);
  const campaignId = await createCampaign(
    request,
    admin,
    {
      name: `mapa-${suffix}`,
      title: 'Mapa E2E',
      kind: 'reward_code',
      startsAt: inHours(-1),
      endsAt: inHours(24),
      settings: { centreIds },
    },
    {
      form: {
        fields: [
          { key: 'cedula', type: 'cedula', label: 'Cédula', required: true },
          { key: 'department', type: 'department', label: 'Provincia', required: true },
        ],
      },
    },
  );
  const landing = await request.post('/api/landing-pages', {
    headers: admin,
    data: { name: 'Mapa', campaignId, document: mapPage() },
  });
  expect(landing.status(), await landing.text()).toBe(201);
  const landingId = (await landing.json()).id as string;
  expect((await request.post(`/api/landing-pages/${landingId}/publish`, { headers: admin })).status()).toBe(
    200,
  );
  const group = `mapa-${suffix}`;
  const made = await request.post('/api/landing-group', {
    headers: admin,
    data: { name: group, landingIds: [landingId] },
  });
  expect(made.status(), await made.text()).toBe(201);

  // a phone in Liberia
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    locale: 'es-CR',
    geolocation: { latitude: 10.63, longitude: -85.44 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  const tiles: string[] = [];
  await page.route('https://tiles.e2e.test/**', (route) => {
    tiles.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
  });
  const csp: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) csp.push(message.text());
  });
  await page.goto(`/demo/landing/${group}`);
  await expect(page.getByRole('heading', { name: 'Dónde canjear' })).toBeVisible();
  const items = page.locator('[data-map] li');
  await expect(items).toHaveCount(2);

  // the map: drawn after the page's load event once it comes near the screen, one marker per
  // centre, tiles from the tenant's server
  const map = page.getByRole('region', { name: 'Mapa de centros de canje' });
  await map.scrollIntoViewIfNeeded();
  await expect(map).toHaveAttribute('data-ready', 'true');
  await expect(map.locator('path.leaflet-interactive')).toHaveCount(2);
  await expect(map.getByText('Mosaicos E2E')).toBeVisible();
  expect(tiles.length).toBeGreaterThan(0);
  expect(tiles.every((url) => /^https:\/\/tiles\.e2e\.test\/\d+\/\d+\/\d+\.png$/.test(url))).toBe(true);
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const script = performance
      .getEntriesByType('resource')
      .find((entry) => /\/public\/map\.[\w-]+\.js$/.test(entry.name));
    return { loadStart: navigation.loadEventStart, mapStart: script?.startTime ?? -1 };
  });
  expect(timing.mapStart).toBeGreaterThanOrEqual(timing.loadStart);
  // the server drew the box at its final height: the page did not move when the map came in
  const shifted = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
  );
  expect(shifted).toBe(0);

  // nearest first once the browser gives the position; the person's position joins the map
  await page.getByRole('button', { name: 'Ordenar por cercanía' }).click();
  await expect(items.first()).toContainText(`Centro Liberia ${suffix}`);
  await expect(items.first()).toContainText('km');
  await expect(map.locator('path.leaflet-interactive')).toHaveCount(3);
  await saveScreenshot(page, 'landing-map-mobile');
  expect(csp).toEqual([]);
  await context.close();
});
