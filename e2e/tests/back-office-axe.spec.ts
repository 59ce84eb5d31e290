import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { createCentre } from './api-setup.ts';
import { adminHeaders, openNewDemoLanding, PASSWORD } from './helpers.ts';

/**
 * Every back-office screen each role of the demo tenant can reach, checked by axe-core against
 * WCAG 2.1 A and AA (no serious or critical violation), and read for English left in the Spanish
 * back office: every entry of the grouped menu, the detail screens (a campaign's tabs, a landing in
 * the builder, a raffle's tabs, a marketplace, a product, a user) and the dialogs the main actions
 * open.
 */

test.describe.configure({ mode: 'serial' });

const TENANT = 'demo';
const suffix = Date.now().toString(36);
const ANALYST = `analista-axe-${suffix}`;
const OPERATOR = `cajero-axe-${suffix}`;
const STAFF_PASSWORD = 'axe-pass-1234';
const SHOP_CODE = String(200_000 + Math.floor(Math.random() * 700_000));
const SHOP_NAME = `Tienda axe ${suffix}`;
const POINTS_CAMPAIGN = `puntos-axe-${suffix}`;
const PRODUCT = `Gorra axe ${suffix}`;
const MARKETPLACE = `Tienda de puntos axe ${suffix}`;
const LANDING = `Landing axe ${suffix}`;

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * English words and raw keys a Spanish screen must not show. Words that are also Spanish or names
 * (e.g. 'Marketplace', 'Landing', 'CSV', 'digital') are left out on purpose. Column names a CSV file must
 * carry are shown quoted ("code") and are not words of the screen.
 */
const ENGLISH =
  /(?<![\p{L}\p{N}_"])(ACTIVE|DRAFT|ARCHIVED|SCHEDULED|ENDED|PENDING|undefined|null|NaN|true|false|Loading|Submit|Cancel|Save|Delete|Edit|Search|Close|Create|Back|Next|Previous|Yes|No results|Nothing found|Actions|Status|Name|Date|Error|Settings|available|assigned|redeemed|revoked|physical|points|raffle|reward_code|instant_award|instant|draft|active|[a-z]+\.[a-z]+(?:\.[a-zA-Z]+)*Key|[a-z]+\.[a-z]+\.[a-zA-Z.]+)(?![\p{L}\p{N}_"])/u;

type Finding = { screen: string; lines: string[] };
const findings: Finding[] = [];

/** axe and the English check on what the page shows now, recorded under `screen`. */
async function check(page: Page, screen: string, options: { withoutFrames?: boolean } = {}) {
  // the screen has settled: no request under way (the builder keeps a connection busy, so this
  // is waited for a few seconds at most) and no loader left
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
  // and nothing is still fading in: a dialog's opening transition shows its colours blended with
  // the page for a moment (CI once read a button's white text at 4.37:1 mid-fade)
  // (an animation cancelled meanwhile, a menu's closing one when a dialog opens, rejects its
  // `finished` with an AbortError: it is no longer running, and one started in its place is
  // waited for on the next pass)
  await page.evaluate(async () => {
    for (let pass = 0; pass < 5; pass++) {
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY &&
            animation.playState !== 'finished',
        );
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  const result = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    // experimental in axe, named by WCAG 2.5.3: a visible label is part of the accessible name
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    // the builder's canvas is a frame holding the public page (checked by public-pages.spec.ts);
    // checking frames makes axe open a second tab, which the loaded test machine did not give
    .setLegacyMode(options.withoutFrames ?? false)
    .analyze();
  const lines: string[] = [];
  for (const violation of result.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    for (const node of violation.nodes)
      lines.push(
        `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ')}`,
      );
  }
  // the text people see: visible text nodes, not the ones inside code samples or hidden from view
  const text = await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('code, kbd, pre, script, style, [aria-hidden="true"]')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const value = node.textContent?.trim();
      if (value) seen.push(value);
    }
    return seen.join('\n');
  });
  for (const line of text.split('\n')) {
    const match = ENGLISH.exec(line);
    if (match) lines.push(`English "${match[0]}" in: ${line.trim().slice(0, 120)}`);
  }
  if (lines.length > 0) {
    findings.push({ screen, lines });
    // each screen's findings as they come, so that a long walk stopped midway still tells them
    console.log(`${screen}\n  ${lines.join('\n  ')}`);
  }
}

/** Fails with every finding of `role`'s screens: the screen, then each rule and node or English word. */
function expectNoFindings(role: string) {
  const mine = findings.filter((finding) => finding.screen.startsWith(role));
  const report = mine.map((finding) => `${finding.screen}\n  ${finding.lines.join('\n  ')}`).join('\n');
  expect(mine, report).toEqual([]);
}

/** The marketplace's preview, opened from the marketplaces list. */
async function checkMarketplacePreview(page: Page, role: string) {
  await page.goto(`/${TENANT}/pages/marketplaces`);
  await page.getByRole('button', { name: `Vista previa de ${MARKETPLACE}` }).click();
  await expect(page.getByTestId('marketplace-preview')).toBeVisible();
  await check(page, `${role} · vista previa del marketplace`);
  await page.keyboard.press('Escape');
}

async function signInAs(browser: Browser, baseURL: string | undefined, username: string, timezoneId: string) {
  const context = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId });
  const page = await context.newPage();
  await page.goto(`/${TENANT}/login`);
  await check(page, `${username} · login`);
  await page.getByLabel('Usuario', { exact: true }).fill(username);
  await page.getByLabel('Contraseña', { exact: true }).fill(username === 'admin' ? PASSWORD : STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/pages(/counter)?$`));
  return page;
}

/** Every link of the grouped menu, opened in turn; answers their names. */
async function walkMenu(page: Page, role: string): Promise<string[]> {
  const nav = page.getByRole('navigation');
  const names = (await nav.getByRole('link').allInnerTexts()).map((name) => name.trim());
  expect(names.length).toBeGreaterThan(1);
  for (const name of names) {
    await page.goto(`/${TENANT}/pages`);
    await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await check(page, `${role} · ${name}`);
  }
  return names;
}

/** The sample campaign's tabs, then its raffle's tabs. */
async function walkSampleTabs(page: Page, role: string) {
  const tabs = [
    ...['data', 'form', 'rules', 'status', 'statistics'].map((tab) => ({
      url: `campaigns/${ids.sample}${tab === 'data' ? '' : `?tab=${tab}`}`,
      screen: `campaña promo-demo, pestaña ${tab}`,
    })),
    ...['draws', 'entries', 'codes'].map((tab) => ({
      url: `raffles?campaign=${ids.sample}${tab === 'draws' ? '' : `&tab=${tab}`}`,
      screen: `sorteo promo-demo, pestaña ${tab}`,
    })),
  ];
  for (const { url, screen } of tabs) {
    await page.goto(`/${TENANT}/pages/${url}`);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    await check(page, `${role} · ${screen}`);
  }
}

/** Opens a dialog with `open`, checks it, closes it with Escape. */
async function checkDialog(page: Page, screen: string, open: () => Promise<void>) {
  await open();
  await expect(page.getByRole('dialog').first()).toBeVisible();
  await check(page, screen);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

const ids = { sample: '', points: '', product: '', marketplace: '' };

test.beforeAll(async ({ request }) => {
  const headers = await adminHeaders(request, TENANT);
  const campaigns = (await (await request.get('/api/campaigns?q=promo-demo', { headers })).json()) as {
    items: { id: string; name: string }[];
  };
  ids.sample = campaigns.items.find((item) => item.name === 'promo-demo')?.id ?? '';
  expect(ids.sample).not.toBe('');
  const shopId = await createCentre(request, headers, {
    code: SHOP_CODE,
    name: SHOP_NAME,
    latitude: 9.9325,
    longitude: -84.0795,
    address: 'Avenida Central',
  });
  for (const [username, role] of [
    [ANALYST, 'ANALYST'],
    [OPERATOR, 'OPERATOR'],
  ] as const) {
    const user = await request.post('/api/users/register', {
      headers,
      data: {
        username,
        password: STAFF_PASSWORD,
        role,
        ...(role === 'OPERATOR' ? { centreId: shopId } : {}),
      },
    });
    expect(user.status(), await user.text()).toBe(201);
  }
  const points = await request.post('/api/campaigns', {
    headers,
    data: {
      name: POINTS_CAMPAIGN,
      title: `Puntos axe ${suffix}`,
      kind: 'points',
      countryCode: 'CR',
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    },
  });
  expect(points.status(), await points.text()).toBe(201);
  ids.points = ((await points.json()) as { id: string }).id;
  const product = await request.post('/api/products', {
    headers,
    data: { name: PRODUCT, kind: 'physical', pricePoints: 100, stock: 3 },
  });
  expect(product.status(), await product.text()).toBe(201);
  ids.product = ((await product.json()) as { id: string }).id;
  const marketplace = await request.post('/api/marketplaces', {
    headers,
    data: { name: MARKETPLACE, templateId: 'grid-2', campaignId: ids.points, productIds: [ids.product] },
  });
  expect(marketplace.status(), await marketplace.text()).toBe(201);
  ids.marketplace = ((await marketplace.json()) as { id: string }).id;
});

test('ADMIN: every screen, detail and main dialog has no serious axe violation and no English', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(900_000);
  const page = await signInAs(browser, baseURL, 'admin', 'America/Costa_Rica');
  const role = 'ADMIN';
  await check(page, `${role} · inicio`);
  const names = await walkMenu(page, role);
  expect(names).toEqual(expect.arrayContaining(['Campañas', 'Usuarios', 'Landings', 'Marketplaces']));

  // the create-campaign path and a campaign's tabs
  await page.goto(`/${TENANT}/pages/campaigns`);
  await checkDialog(page, `${role} · nueva campaña`, () =>
    page.getByRole('button', { name: 'Nueva campaña' }).click(),
  );
  await walkSampleTabs(page, role);
  await page.goto(`/${TENANT}/pages/campaigns/${ids.points}`);
  await expect(page.getByRole('tab', { selected: true })).toBeVisible();
  await check(page, `${role} · campaña borrador de puntos`);

  // a marketplace, a product, a user, a centre: their dialogs
  await page.goto(`/${TENANT}/pages/marketplaces`);
  await checkDialog(page, `${role} · nuevo marketplace`, () =>
    page.getByRole('button', { name: 'Nuevo marketplace' }).click(),
  );
  await checkMarketplacePreview(page, role);
  await page.goto(`/${TENANT}/pages/products`);
  await checkDialog(page, `${role} · nuevo producto`, () =>
    page.getByRole('button', { name: 'Nuevo producto' }).click(),
  );
  await checkDialog(page, `${role} · editar producto`, () =>
    page
      .getByRole('row', { name: new RegExp(PRODUCT) })
      .getByRole('button', { name: /Editar/ })
      .click(),
  );
  await page.goto(`/${TENANT}/pages/users`);
  await checkDialog(page, `${role} · nuevo usuario`, () =>
    page.getByRole('button', { name: 'Nuevo usuario' }).click(),
  );
  await page.getByRole('button', { name: `Acciones de ${ANALYST}` }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, `${role} · editar usuario`);
  await page.keyboard.press('Escape');
  await page.goto(`/${TENANT}/pages/centres`);
  await checkDialog(page, `${role} · nuevo centro`, () =>
    page.getByRole('button', { name: 'Nuevo centro' }).click(),
  );

  // a landing in the builder
  await openNewDemoLanding(page, LANDING);
  await expect(page.getByTestId('palette')).toBeVisible();
  await check(page, `${role} · constructor de la landing`, { withoutFrames: true });

  expectNoFindings(role);
});

test('ANALYST (browser in America/Panama): every screen and detail has no serious axe violation and no English', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const page = await signInAs(browser, baseURL, ANALYST, 'America/Panama');
  const role = ANALYST;
  await check(page, `${role} · inicio`);
  const names = await walkMenu(page, role);
  expect(names).not.toContain('Usuarios');
  await walkSampleTabs(page, role);
  await checkMarketplacePreview(page, role);
  expectNoFindings(role);
});

test('OPERATOR: the counter (empty, with a refused code), its redemptions and profile have no serious axe violation and no English', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const page = await signInAs(browser, baseURL, OPERATOR, 'America/Panama');
  const role = OPERATOR;
  await check(page, `${role} · mostrador`);
  const input = page.getByLabel('Código o número de identificación');
  await input.fill('NOEXISTE22');
  await input.press('Enter');
  await expect(page.getByText('El código de premio no es válido.')).toBeVisible();
  await check(page, `${role} · mostrador con un código desconocido`);
  await walkMenu(page, role);
  expectNoFindings(role);
});
