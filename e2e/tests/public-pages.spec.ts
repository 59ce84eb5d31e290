import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { standardFormPage } from '../../apps/server/src/features/landings/fixtures/standard-page.ts';
import { createCampaign, createMapCentres, standardForm } from './api-setup.ts';
import { adminHeaders, saveScreenshot } from './helpers.ts';
import {
  fillBirthdateProvinceAndConsent,
  openPage,
  seriousViolations,
  smallTargets,
} from './public-page-checks.ts';

/**
 * Public pages people want to use (issue 16): the default design on a phone and a desktop
 * (no sideways scrolling at 320 px, 44 px touch targets, no serious accessibility fault), the
 * design proposal's sample page imported and published, and the reward code a person can use:
 * large, copyable, as a QR code that reads back to the code, with the redemption window in the
 * campaign's time zone and the centres nearest first; toasts that leave after 4 seconds.
 */

const suffix = Date.now().toString(36);
const CAMPAIGN = `codigo-${suffix}`;
const TIME_ZONE = 'America/Costa_Rica';
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const REDEEM = { from: inHours(-2), until: inHours(24 * 30) };
const SAMPLE = JSON.parse(
  readFileSync(
    new URL('../../packages/landing/src/fixtures/design-sample-page.v1.json', import.meta.url),
    'utf8',
  ),
);
/** A published group of one page; the document goes through the import route when `imported`. */
async function publish(
  request: APIRequestContext,
  headers: Record<string, string>,
  campaignId: string,
  document: unknown,
  imported = false,
) {
  const created = await request.post(imported ? '/api/landing-pages/import' : '/api/landing-pages', {
    headers,
    data: { name: imported ? 'Muestra' : 'Registro', campaignId, document },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  expect((await request.post(`/api/landing-pages/${id}/publish`, { headers })).status()).toBe(200);
  const name = `${imported ? 'muestra' : 'registro'}-${suffix}`;
  const group = await request.post('/api/landing-group', { headers, data: { name, landingIds: [id] } });
  expect(group.status(), await group.text()).toBe(201);
  return `/demo/landing/${name}`;
}

let formUrl = '';
let sampleUrl = '';

test.beforeAll(async ({ request }) => {
  const headers = await adminHeaders(request, 'demo');
  const centreIds = await createMapCentres(request, headers, suffix);
  const campaignId = await createCampaign(
    request,
    headers,
    {
      name: CAMPAIGN,
      title: 'Código E2E',
      kind: 'reward_code',
      startsAt: inHours(-1),
      endsAt: inHours(24),
      terms: 'Promoción válida en Costa Rica.\n\nUn código por persona.',
      redeemFrom: REDEEM.from,
      redeemUntil: REDEEM.until,
      settings: { centreIds },
    },
    { form: standardForm({ sex: false }) },
  );
  const codes = await request.post('/api/reward-codes', { headers, data: { campaignId, count: 3 } });
  expect(codes.status(), await codes.text()).toBe(201);
  formUrl = await publish(request, headers, campaignId, standardFormPage('Gane un código'));
  sampleUrl = await publish(request, headers, campaignId, SAMPLE, true);
});

/** 4 s, less what the observer's late note of a new toast can take off on a busy machine. */
const LEAST_SHOWN_MS = 3_800;

type ToastTimes = { kind: string; text: string; shown: number; leaving?: number; gone?: number };

/**
 * Records, in the page's own clock, when each toast appears, starts to leave and is removed (a
 * busy machine may make the test look late, never the page's timers early).
 */
function watchToasts(page: Page) {
  return page.evaluate(() => {
    const times: ToastTimes[] = [];
    const byNode = new Map<Node, ToastTimes>();
    (window as unknown as { __toasts: ToastTimes[] }).__toasts = times;
    new MutationObserver((records) => {
      const now = performance.now();
      for (const record of records) {
        for (const node of Array.from(record.addedNodes))
          if (node instanceof HTMLElement && node.classList.contains('lp-toast')) {
            const entry = { kind: node.dataset.kind ?? '', text: node.textContent ?? '', shown: now };
            byNode.set(node, entry);
            times.push(entry);
          }
        for (const node of Array.from(record.removedNodes)) {
          const entry = byNode.get(node);
          if (entry) entry.gone = now;
        }
        const entry = byNode.get(record.target);
        if (record.type === 'attributes' && entry && entry.leaving === undefined) entry.leaving = now;
      }
    }).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-leaving'],
    });
  });
}

/** The recorded toasts once `count` of them are gone. */
async function goneToasts(page: Page, count: number): Promise<ToastTimes[]> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => (window as unknown as { __toasts: ToastTimes[] }).__toasts.filter((t) => t.gone).length,
        ),
      {
        timeout: 10_000,
      },
    )
    .toBeGreaterThanOrEqual(count);
  return page.evaluate(() => (window as unknown as { __toasts: ToastTimes[] }).__toasts);
}

for (const [label, size] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 768 }],
] as const) {
  test(`the form page and the imported sample page on a ${label}: touch targets, accessibility, no overflow`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    for (const url of [formUrl, sampleUrl]) {
      const { context, page } = await openPage(browser, url, size);
      await expect(page.locator('form[data-landing-form]')).toBeVisible();
      expect(await smallTargets(page), url).toEqual([]);
      expect(await seriousViolations(page), url).toEqual([]);
      // the page is padded: text does not touch the screen's edge
      const heading = await page.locator('h1').first().boundingBox();
      expect(heading?.x).toBeGreaterThanOrEqual(16);
      // the consent box sits on its label's line
      if (url === formUrl) {
        const box = await page.getByRole('checkbox').boundingBox();
        const text = await page.getByText('Acepto los términos y condiciones').boundingBox();
        expect(
          Math.abs((box?.y ?? 0) + (box?.height ?? 0) / 2 - ((text?.y ?? 0) + (text?.height ?? 0) / 2)),
        ).toBeLessThan(8);
        expect(text?.x).toBeGreaterThan((box?.x ?? 0) + (box?.width ?? 0));
      }
      if (url === formUrl) {
        // the campaign's terms, read in a dialog from beside the consent box
        await page.getByRole('button', { name: 'Leer términos y condiciones' }).click();
        const terms = page.getByRole('dialog', { name: 'Términos y condiciones' });
        await expect(terms.locator('p')).toHaveText([
          'Promoción válida en Costa Rica.',
          'Un código por persona.',
        ]);
        expect(await seriousViolations(page), 'terms dialog').toEqual([]);
        await terms.getByRole('button', { name: 'Cerrar' }).click();
        await expect(terms).toBeHidden();
      }
      await saveScreenshot(page, `public-page-${url === formUrl ? 'form' : 'sample'}-${label}`);
      // the narrowest phone: nothing scrolls sideways
      await page.setViewportSize({ width: 320, height: 640 });
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(widths[0], url).toBeLessThanOrEqual(widths[1] as number);
      await context.close();
    }
  });
}

test('a person gets a reward code they can copy, show as a QR code and know where and until when to redeem', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // a browser in another time zone: the dates still read in Costa Rica's time
  const { context, page } = await openPage(
    browser,
    formUrl,
    { width: 390, height: 844 },
    {
      timezoneId: 'Asia/Tokyo',
      geolocation: { latitude: 10.63, longitude: -85.44 },
      permissions: ['geolocation', 'clipboard-read', 'clipboard-write'],
    },
  );

  // a refusal: the fields say why, and a danger toast shows for 4 seconds, then fades out
  await watchToasts(page);
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page.locator('#in-cedula-error')).toBeVisible();
  const refusal = page.locator('.lp-toast[data-kind=danger]');
  await expect(refusal).toHaveText('Revise los datos marcados: hay campos con errores.');
  await expect(refusal).toHaveCount(0, { timeout: 10_000 });
  const [danger] = await goneToasts(page, 1);
  expect(danger).toMatchObject({
    kind: 'danger',
    text: 'Revise los datos marcados: hay campos con errores.',
  });
  const { shown, leaving = 0, gone = 0 } = danger as ToastTimes;
  // the observer notes a toast at the end of the script's task, a little after it was added
  expect(leaving - shown).toBeGreaterThanOrEqual(LEAST_SHOWN_MS);
  expect(leaving - shown).toBeLessThan(5_000);
  expect(gone - leaving).toBeGreaterThanOrEqual(300);

  const cedula = `1${String(Date.now()).slice(-8)}`;
  await page.getByLabel('Cédula').pressSequentially(cedula);
  await page.getByLabel('Nombre completo').fill('Ana Código');
  await page.getByLabel('Teléfono').pressSequentially('88887777');
  await fillBirthdateProvinceAndConsent(page);
  // sent from the keyboard, as a person without a pointer does
  await page.getByRole('button', { name: 'Participar' }).press('Enter');

  const success = page.locator('.lp-toast[data-kind=success]');
  await expect(success).toHaveText('¡Participación registrada!');
  const panel = page.getByRole('region', { name: '¡Listo! Este es su código' });
  // its title takes the focus, so screen readers announce it, without a focus ring: it is no control
  const title = panel.getByRole('heading', { name: '¡Listo! Este es su código' });
  await expect(title).toBeFocused();
  expect(await title.evaluate((node) => getComputedStyle(node).outlineStyle)).toBe('none');
  const code = (await panel.locator('.lp-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{8,}$/);
  const fontSize = await panel
    .locator('.lp-code')
    .evaluate((node) => Number.parseFloat(getComputedStyle(node).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(28);

  // the QR code reads back to the code
  const qr = panel.getByRole('img', { name: `Código QR de ${code}` });
  await expect(qr).toBeVisible();
  const png = PNG.sync.read(await qr.screenshot());
  expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(code);

  // copy
  await panel.getByRole('button', { name: 'Copiar código' }).click();
  await expect(page.locator('.lp-toast[data-kind=success]').first()).toHaveText('Código copiado.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  // until when, in the campaign's time zone (not Tokyo's)
  const format = new Intl.DateTimeFormat('es', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  });
  await expect(panel).toContainText(
    `Del ${format.format(new Date(REDEEM.from))} al ${format.format(new Date(REDEEM.until))}.`,
  );

  // where: the campaign's centres, nearest first once the browser gives the position
  const centres = panel.locator('li');
  await expect(centres).toHaveCount(2);
  await expect(centres.first()).toContainText(`Centro Central ${suffix}`);
  await panel.getByRole('button', { name: 'Ver los más cercanos' }).click();
  await expect(centres.first()).toContainText(`Centro Liberia ${suffix}`);
  await expect(centres.first()).toContainText('km');

  expect(await seriousViolations(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
  await saveScreenshot(page, 'public-page-reward-code-phone');
  // the success toasts leave too, after their 4 seconds
  await expect(page.locator('.lp-toast')).toHaveCount(0, { timeout: 10_000 });
  const toasts = await goneToasts(page, 3);
  expect(toasts.map((t) => t.text)).toEqual([
    'Revise los datos marcados: hay campos con errores.',
    '¡Participación registrada!',
    'Código copiado.',
  ]);
  for (const t of toasts) expect((t.leaving ?? 0) - t.shown).toBeGreaterThanOrEqual(LEAST_SHOWN_MS);
  await context.close();
});
