import { devices, expect, type Page, test } from '@playwright/test';
import {
  standardFormPage,
  thankYouPage,
} from '../../apps/server/src/features/landings/fixtures/standard-page.ts';
import {
  contentSecurityPolicy,
  landingHtml,
  scriptMessages,
} from '../../apps/server/src/features/landings/public-html.ts';
import { XSS_CASES } from '../../packages/landing/src/xss-corpus.ts';
import { PASSWORD, saveScreenshot } from './helpers.ts';
import { fillBirthdateProvinceAndConsent } from './public-page-checks.ts';

/**
 * Public landing pages (issue 6): an admin publishes a landing group through the API, a person
 * takes part on a phone-sized screen; and the XSS corpus is refused on save and stays inert when
 * its documents are rendered by the server's page template in Chromium.
 */

async function adminToken(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { username: 'admin', password: PASSWORD, tenant: 'demo' },
  });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

/** Counts dialogs and CSP violations of a page. */
function watch(page: Page) {
  const seen = { dialogs: [] as string[], csp: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.csp.push(message.text());
  });
  return seen;
}

test('a person takes part through a published landing group on a phone', async ({ browser, request }) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const campaigns = await (await request.get('/api/campaigns?q=promo-demo', { headers: auth })).json();
  const campaignId = campaigns.items[0].id as string;
  const ids: string[] = [];
  for (const [name, document] of [
    ['Registro', standardFormPage('Gane un viaje')],
    ['Gracias', thankYouPage()],
  ] as const) {
    const created = await request.post('/api/landing-pages', {
      headers: auth,
      data: { name, campaignId, document },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    expect((await request.post(`/api/landing-pages/${id}/publish`, { headers: auth })).status()).toBe(200);
    ids.push(id);
  }
  const group = `viaje-${Date.now().toString(36)}`;
  const made = await request.post('/api/landing-group', {
    headers: auth,
    data: { name: group, landingIds: ids },
  });
  expect(made.status()).toBe(201);

  const context = await browser.newContext({ ...devices['Pixel 7'], locale: 'es-CR' });
  const page = await context.newPage();
  const seen = watch(page);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  const response = await page.goto(`/demo/landing/${group}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'nonce-");
  await expect(page.getByRole('heading', { name: 'Gane un viaje' })).toBeVisible();

  // client checks, with the server's Spanish messages next to the fields
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page.locator('#in-cedula-error')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Revise los datos');
  await page.getByLabel('Teléfono').fill('8888');
  await page.getByLabel('Teléfono').blur();
  await expect(page.locator('#in-phone-error')).toContainText('8');

  const cedula = `1${String(Date.now()).slice(-8)}`;
  await page.getByLabel('Cédula').pressSequentially(cedula);
  await expect(page.getByLabel('Cédula')).toHaveValue(
    `${cedula[0]}-${cedula.slice(1, 5)}-${cedula.slice(5)}`,
  );
  await page.getByLabel('Nombre completo').fill('Ana Rodríguez');
  await page.getByLabel('Correo').fill('ana@example.com');
  await page.getByLabel('Teléfono').fill('');
  await page.getByLabel('Teléfono').pressSequentially('88887777');
  await expect(page.getByLabel('Teléfono')).toHaveValue('8888-7777');
  // a corrected field loses its message while typing, not only on blur (no layout jump under a tap)
  await expect(page.locator('#in-phone-error')).toHaveCount(0);
  // the birthdate as three lists: day 1-31, month, year (100 years back)
  await expect(page.getByTitle('Año').locator('option')).toHaveCount(102);
  await expect(page.getByTitle('Día').locator('option')).toHaveCount(32);
  await fillBirthdateProvinceAndConsent(page);
  await expect(page.getByLabel('Acepto los términos y condiciones')).toBeChecked();
  await saveScreenshot(page, 'landing-public-form-mobile');

  const submitted = page.waitForRequest((r) => r.url().includes('/participations') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Participar' }).click();
  const sent = await submitted;
  expect(sent.headers()['idempotency-key']).toBeTruthy();
  expect(sent.postDataJSON()).toMatchObject({
    consent: true,
    landingId: ids[0],
    answers: { cedula, phone: '88887777', birthdate: '1990-05-01', department: 'San José' },
  });

  // the group's second page shows the raffle outcome
  await expect(page).toHaveURL(new RegExp(`/demo/landing/${group}\\?page=2$`));
  await expect(page.getByRole('heading', { name: '¡Gracias por participar!' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(/participaci(ón|ones) en el sorteo/);
  await saveScreenshot(page, 'landing-public-outcome-mobile');
  expect(seen.dialogs).toEqual([]);
  expect(seen.csp).toEqual([]);
  // no map element on these pages: the map library is never loaded
  expect(requested.filter((url) => url.includes('/public/map'))).toEqual([]);
  await context.close();
});

test('the XSS corpus is refused on save and inert when rendered in Chromium', async ({ page, request }) => {
  // 164 page loads: more than the default 30 s on a busy 2-core machine
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const campaigns = await (await request.get('/api/campaigns?q=promo-demo', { headers: auth })).json();
  const campaignId = campaigns.items[0].id as string;
  for (const xss of XSS_CASES) {
    const res = await request.post('/api/landing-pages', {
      headers: auth,
      data: { name: 'xss', campaignId, document: xss.document },
    });
    expect(res.status(), xss.name).toBe(400);
  }

  // The same documents through the public page template, served on the app's origin: once with
  // the page's CSP and once with none (the renderer alone must keep them inert).
  const seen = watch(page);
  await page.addInitScript(() => {
    (window as unknown as { __xss?: unknown }).__xss = undefined;
  });
  for (const withCsp of [true, false]) {
    for (const [index, xss] of XSS_CASES.entries()) {
      const nonce = `n${index}x${withCsp ? 1 : 0}`;
      const body = landingHtml({
        document: xss.document as never,
        nonce,
        scriptUrl: null,
        tagManagerId: null,
        data: {
          tenant: 'demo',
          campaign: 'promo-demo',
          kind: 'raffle',
          landingId: '00000000-0000-4000-8000-000000000000',
          group: 'xss',
          page: 1,
          pages: 1,
          nextUrl: null,
          participateUrl: '/api/none',
          fields: [],
          rules: {
            phoneDigits: 8,
            phonePrefix: '+506',
            identity: { label: 'Cédula', pattern: '.' },
            departments: [],
            minAge: 18,
          },
          messages: scriptMessages(),
          centres: [],
          map: null,
        },
      });
      const url = `/demo/landing/xss-corpus-${index}?csp=${withCsp}`;
      await page.route(`**${url}`, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html; charset=utf-8',
          headers: withCsp
            ? { 'content-security-policy': contentSecurityPolicy(nonce, { tagManager: false }) }
            : {},
          body,
        }),
      );
      await page.goto(url);
      await page.waitForLoadState('load');
      // give timers, media errors and focus handlers a moment
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 30)));
      const flagged = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
      expect(flagged, `${xss.name} (csp ${withCsp})`).toBeUndefined();
      expect(seen.dialogs, `${xss.name} (csp ${withCsp})`).toEqual([]);
    }
  }
});
