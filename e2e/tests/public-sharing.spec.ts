import { expect, type Page, test } from '@playwright/test';
import { standardFormPage } from '../../apps/server/src/features/landings/fixtures/standard-page.ts';
import { activateCampaign, createCampaign, standardForm } from './api-setup.ts';
import { adminHeaders, saveScreenshot, signIn } from './helpers.ts';
import { openPage, seriousViolations, smallTargets, TILE } from './public-page-checks.ts';

/**
 * Public pages, issue 16 continued: the share buttons and the share meta tags of a landing, the
 * campaign's terms and privacy notice as rich text read in dialogs beside the consent box, and
 * the instant award's reveal card, on a phone and a desktop (44 px targets, no serious
 * accessibility fault, nothing scrolls sideways at 320 px).
 */

const suffix = Date.now().toString(36);
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const TERMS =
  '<h2>Bases</h2><p>Solo <strong>mayores de edad</strong>.</p><ul><li>Un premio por persona.</li></ul>' +
  '<script>alert(1)</script>';
const PRIVACY =
  '<p>Sus datos se tratan según la <a href="https://privacidad.example/">ley de protección de datos</a>.</p>';

let pageUrl = '';
let startsAt = '';

test.beforeAll(async ({ request }) => {
  const headers = await adminHeaders(request, 'demo');
  startsAt = inSeconds(4);
  const campaignId = await createCampaign(
    request,
    headers,
    {
      name: `compartir-${suffix}`,
      title: 'Compartir E2E',
      kind: 'instant_award',
      startsAt,
      endsAt: inSeconds(24 * 3600),
      terms: TERMS,
      privacy: PRIVACY,
    },
    // activated once its prize and moment are in
    { form: standardForm({ sex: false }), active: false },
  );
  const prize = await request.post(`/api/instant-awards/${campaignId}/prizes`, {
    headers,
    data: { name: 'Bicicleta', value: 150000, stock: 1, department: 'San José' },
  });
  expect(prize.status(), await prize.text()).toBe(201);
  const moments = await request.put(`/api/instant-awards/${campaignId}/moments`, {
    headers,
    data: { moments: [{ at: startsAt, prizeId: (await prize.json()).id }] },
  });
  expect(moments.status(), await moments.text()).toBe(200);
  await activateCampaign(request, headers, campaignId);

  const image = await request.post('/api/images', {
    headers,
    multipart: { file: { name: 'compartir.png', mimeType: 'image/png', buffer: TILE } },
  });
  expect(image.status(), await image.text()).toBe(201);
  const base = standardFormPage('Gane al instante');
  const document = {
    ...base,
    page: {
      ...base.page,
      shareTitle: 'Gane una bicicleta',
      shareDescription: 'Participe y descubra al instante si ganó.',
      shareImageUrl: (await image.json()).url,
    },
    elements: [
      ...base.elements,
      {
        type: 'share-buttons',
        name: 'Compartir',
        attributes: { id: 'share-1' },
        styles: {},
        stylesMobile: {},
        stylesApplyInMobile: true,
        childrens: [],
        parentId: 'dropZone',
      },
    ],
  };
  const created = await request.post('/api/landing-pages', {
    headers,
    data: { name: 'Compartible', campaignId, document },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  expect((await request.post(`/api/landing-pages/${id}/publish`, { headers })).status()).toBe(200);
  const name = `compartir-${suffix}`;
  const group = await request.post('/api/landing-group', { headers, data: { name, landingIds: [id] } });
  expect(group.status(), await group.text()).toBe(201);
  pageUrl = `/demo/landing/${name}`;
  // the campaign opens (its winning moment with it)
  await expect.poll(() => Date.now() > Date.parse(startsAt) + 500, { timeout: 15_000 }).toBe(true);
});

async function noSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 320, height: 640 });
  const [scroll, inner] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(inner as number);
}

let serial = Math.floor(Math.random() * 1e6);

async function takePart(page: Page, name: string) {
  const cedula = `${1 + (serial % 8)}${String(10_000_000 + (serial++ % 89_999_999)).padStart(8, '0')}`;
  await page.getByLabel('Cédula').pressSequentially(cedula);
  await page.getByLabel('Nombre completo').fill(name);
  await page.getByLabel('Teléfono').pressSequentially('88887777');
  await page.getByLabel('Fecha de nacimiento').selectOption('12');
  await page.getByTitle('Mes').selectOption('04');
  await page.getByTitle('Año').selectOption('1990');
  await page.getByLabel('Provincia').selectOption('San José');
  await page.getByLabel('Acepto los términos y condiciones').check();
  await page.getByRole('button', { name: 'Participar' }).click();
}

for (const [label, size] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 768 }],
] as const) {
  test(`share buttons, share meta and the terms and privacy dialogs on a ${label}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page } = await openPage(browser, pageUrl, size);
    const absolute = await page.evaluate(() => location.href);
    const path = new URL(absolute).pathname;
    // the share meta tags: the share title, description, and the library image as an absolute address
    const meta = (key: string) =>
      page.evaluate(
        (name) =>
          document.head
            .querySelector(`meta[property="${name}"], meta[name="${name}"]`)
            ?.getAttribute('content') ?? null,
        key,
      );
    expect(await meta('og:title')).toBe('Gane una bicicleta');
    expect(await meta('og:description')).toBe('Participe y descubra al instante si ganó.');
    expect(new URL((await meta('og:url')) ?? '').pathname).toBe(path);
    expect(await meta('og:image')).toMatch(/^https?:\/\/[^/]+\/assets\/demo\/[0-9a-f-]{36}\.webp$/);
    expect(await meta('twitter:card')).toBe('summary_large_image');

    // the share buttons: plain links that open each network's share page in a new tab
    const share = page.getByRole('group', { name: 'Compartir' });
    const whatsapp = share.getByRole('link', { name: /WhatsApp/ });
    expect(await whatsapp.getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/\?text=Gane%20una%20bicicleta%20/,
    );
    expect(await share.getByRole('link', { name: /Facebook/ }).getAttribute('href')).toContain(
      `sharer.php?u=${encodeURIComponent(`${new URL((await meta('og:url')) ?? '').origin}${path}`)}`,
    );
    expect(await share.getByRole('link', { name: /\bX\b/ }).getAttribute('target')).toBe('_blank');
    await expect(share.getByRole('button', { name: 'Copiar enlace' })).toBeVisible();
    // no third-party script on the page
    expect(await page.locator('script[src^="http"]').count()).toBe(0);

    expect(await smallTargets(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // the consent box with its label, and the two texts right after it
    const consent = await page.getByRole('checkbox').boundingBox();
    const consentText = await page.getByText('Acepto los términos y condiciones').boundingBox();
    expect(Math.abs((consent?.y ?? 0) - (consentText?.y ?? 0))).toBeLessThan(24);
    await page.getByRole('button', { name: 'Leer términos y condiciones' }).click();
    const terms = page.getByRole('dialog', { name: 'Términos y condiciones' });
    await expect(terms.getByRole('heading', { name: 'Bases' })).toBeVisible();
    await expect(terms.locator('strong')).toHaveText('mayores de edad');
    await expect(terms.getByRole('listitem')).toHaveText(['Un premio por persona.']);
    expect(await terms.locator('script').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await terms.getByRole('button', { name: 'Cerrar' }).click();
    await expect(terms).toBeHidden();
    await page.getByRole('button', { name: 'Leer aviso de privacidad' }).click();
    const privacy = page.getByRole('dialog', { name: 'Aviso de privacidad' });
    const law = privacy.getByRole('link', { name: 'ley de protección de datos' });
    await expect(law).toHaveAttribute('href', 'https://privacidad.example/');
    await expect(law).toHaveAttribute('rel', 'noopener noreferrer');
    await saveScreenshot(page, `public-privacy-${label}`);
    await privacy.getByRole('button', { name: 'Cerrar' }).click();
    await saveScreenshot(page, `public-share-${label}`);
    await noSidewaysScroll(page);
    await context.close();
  });
}

test('"Copiar enlace" copies the page’s address', async ({ browser }) => {
  const { context, page } = await openPage(
    browser,
    pageUrl,
    { width: 390, height: 844 },
    {
      permissions: ['clipboard-read', 'clipboard-write'],
    },
  );
  await page.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(page.locator('.lp-toast')).toHaveText('Enlace copiado.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(copied).pathname).toBe(new URL(page.url()).pathname);
  await context.close();
});

test('the instant award is revealed by tapping a card: the prize, then "no" for the next person', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const [label, size] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1366, height: 768 }],
  ] as const) {
    const { context, page } = await openPage(browser, pageUrl, size, { reducedMotion: 'reduce' });
    await takePart(page, label === 'phone' ? 'Ana Premio' : 'Luis Sinpremio');
    const card = page.getByRole('button', { name: 'Toque para descubrir su resultado' });
    await expect(card).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    // nothing in words before the tap
    await expect(page.locator('.lp-reveal').getByRole('status')).toHaveText('');
    await card.click();
    const result = page.locator('.lp-reveal').getByRole('status');
    if (label === 'phone') {
      await expect(page.getByRole('button', { name: '¡Ganó Bicicleta!' })).toBeVisible();
      await expect(result).toContainText('¡Felicidades! Ganó: Bicicleta. Reclámelo en San José');
    } else {
      await expect(page.getByRole('button', { name: 'Esta vez no ganó' })).toBeVisible();
      await expect(result).toHaveText('Gracias por participar. Esta vez no obtuvo premio.');
    }
    // with reduced motion the card does not turn
    expect(
      await page.locator('.lp-reveal-card').evaluate((node) => getComputedStyle(node).animationName),
    ).toBe('none');
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, `instant-award-reveal-${label}`);
    await noSidewaysScroll(page);
    await context.close();
  }
});

test('an admin writes the privacy notice with the editor: bold, a list, and it is stored sanitised', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request, 'demo');
  const id = await createCampaign(
    request,
    headers,
    {
      name: `aviso-${suffix}`,
      title: 'Aviso E2E',
      kind: 'raffle',
      startsAt: inSeconds(3600),
      endsAt: inSeconds(7200),
    },
    { form: null, active: false },
  );
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, { tenant: 'demo', username: 'admin' });
  await page.goto(`/demo/pages/campaigns/${id}`);
  const data = page.getByRole('tabpanel');
  const privacy = data.getByRole('textbox', { name: 'Aviso de privacidad' });
  const toolbar = data.getByRole('toolbar', { name: 'Formato de Aviso de privacidad' });
  const bold = toolbar.getByRole('button', { name: 'Negrita' });
  await privacy.click();
  await page.keyboard.type('Tratamos sus datos con cuidado.');
  await page.keyboard.press('Enter');
  await bold.click();
  await page.keyboard.type('Importante');
  await bold.click();
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Lista con viñetas' }).click();
  await page.keyboard.type('Puede pedir su baja.');
  // the editors (the rest of the back office is checked elsewhere)
  expect(await seriousViolations(page, '[data-testid="campaign-privacy"]')).toEqual([]);
  expect(await seriousViolations(page, '[data-testid="campaign-terms"]')).toEqual([]);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Campaña actualizada.').first()).toBeVisible();
  const stored = await (await request.get(`/api/campaigns/${id}`, { headers })).json();
  expect(stored.privacy).toContain('<p>Tratamos sus datos con cuidado.</p>');
  expect(stored.privacy).toMatch(/<(b|strong)>Importante<\/(b|strong)>/);
  expect(stored.privacy).toContain('<li>Puede pedir su baja.</li>');
  expect(stored.privacy).not.toMatch(/style=|<span|<div/);
  await saveScreenshot(page, 'campaign-privacy-editor');
});
