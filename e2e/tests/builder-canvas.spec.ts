import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { readableShade } from '../../packages/contract/src/contrast.ts';
import { FONT_STACKS } from '../../packages/landing/src/public-css.ts';
import { PASSWORD, signIn, storedToken } from './helpers.ts';
import { TILE } from './public-page-checks.ts';

/**
 * The builder's canvas (issue 15): drops land where the pointer is (before or after the element
 * under it, into the container or form under it), the canvas shows the published page's font, the
 * 1200 px page fits a 1366×768 screen, and toasts leave Publicar visible.
 */

const layerNames = (page: Page) =>
  page
    .getByTestId('layers-tree')
    .getByRole('treeitem')
    .evaluateAll((rows) =>
      rows.map((row) => `${row.getAttribute('aria-level')} ${row.firstChild?.textContent ?? ''}`),
    );

/** Drags with the mouse to a point of a target, in small steps (dnd-kit starts after 5 px). */
async function dragTo(page: Page, from: Locator, to: Locator, where: 'top' | 'bottom' | 'middle') {
  await from.scrollIntoViewIfNeeded();
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('not visible');
  const y = { top: end.y + 3, middle: end.y + end.height / 2, bottom: end.y + end.height - 3 }[where];
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2 + 10, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, y, { steps: 15 });
  await page.mouse.up();
}

async function openNewLanding(page: Page, title: string) {
  await signIn(page, { tenant: 'demo', username: 'admin' });
  // the token is sealed in storage (decision 017): read it as the app does
  const token = await storedToken(page);
  const auth = { authorization: `Bearer ${token}` };
  const campaigns = await (await page.request.get('/api/campaigns?q=promo-demo', { headers: auth })).json();
  const created = await page.request.post('/api/landing-pages', {
    headers: auth,
    data: {
      name: `${title} ${Date.now().toString(36)}`,
      campaignId: campaigns.items[0].id,
      document: { schemaVersion: 1, page: { title }, elements: [] },
    },
  });
  expect(created.status()).toBe(201);
  await page.goto(`/demo/builder?landing=${(await created.json()).id}`);
  await expect(page.getByTestId('palette')).toBeVisible();
}

for (const timezoneId of ['UTC', 'America/Panama']) {
  test.describe(`browser in ${timezoneId}`, () => {
    test.use({ timezoneId, viewport: { width: 1366, height: 768 } });

    test('drops land at the pointer: before, after, into a form on the canvas', async ({ page }) => {
      await openNewLanding(page, 'Puntero');
      const frame = page.frameLocator('[data-testid="builder-frame"]');
      const palette = (key: string) => page.locator(`[data-palette="${key}"]`);
      // one after the other (each lands after the selected one)
      await palette('h1').click();
      await palette('p').click();
      await palette('form').click();
      expect(await layerNames(page)).toEqual(['1 Título 1', '1 Párrafo', '1 Formulario']);

      // a subtitle dropped on the upper half of the heading goes before it, not at the end
      await dragTo(page, palette('h2'), frame.locator('h1'), 'top');
      expect(await layerNames(page)).toEqual(['1 Título 2', '1 Título 1', '1 Párrafo', '1 Formulario']);
      // a third-level heading on the lower half of the paragraph goes right after it
      await dragTo(page, palette('h3'), frame.locator('p'), 'bottom');
      await expect
        .poll(() => layerNames(page))
        .toEqual(['1 Título 2', '1 Título 1', '1 Párrafo', '1 Título 3', '1 Formulario']);

      // a field dropped on the form of the canvas lands inside the form (no refusal)
      await dragTo(page, palette('input'), frame.locator('form'), 'middle');
      await expect
        .poll(() => layerNames(page))
        .toEqual(['1 Título 2', '1 Título 1', '1 Párrafo', '1 Título 3', '1 Formulario', '2 Campo de texto']);
      await expect(page.getByText('Este elemento solo se permite dentro de un formulario.')).toHaveCount(0);
      // a second field on the lower half of the first one: after it, in the form too
      await dragTo(page, palette('textarea'), frame.locator('form input'), 'bottom');
      await expect
        .poll(() => layerNames(page))
        .toEqual([
          '1 Título 2',
          '1 Título 1',
          '1 Párrafo',
          '1 Título 3',
          '1 Formulario',
          '2 Campo de texto',
          '2 Área de texto',
        ]);

      // an element of the canvas moved by its handle onto the upper half of the first heading
      await page
        .getByTestId('layers-tree')
        .getByRole('treeitem', { name: /Título 3/ })
        .click();
      await dragTo(page, page.getByTestId('canvas-drag-handle'), frame.locator('h2'), 'top');
      await expect
        .poll(() => layerNames(page))
        .toEqual([
          '1 Título 3',
          '1 Título 2',
          '1 Título 1',
          '1 Párrafo',
          '1 Formulario',
          '2 Campo de texto',
          '2 Área de texto',
        ]);
    });

    test('the canvas shows the published font, fits 1366×768, and toasts leave Publicar visible', async ({
      page,
    }) => {
      await openNewLanding(page, 'Pantalla');
      const frame = page.frameLocator('[data-testid="builder-frame"]');
      await page.locator('[data-palette="h1"]').click();
      await page.getByTestId('element-text').fill('Gane ya');
      const heading = frame.getByRole('heading', { name: 'Gane ya' });
      await expect(heading).toBeVisible();
      const fontFamily = await heading.evaluate((element) => getComputedStyle(element).fontFamily);
      expect(fontFamily).toContain('sans-serif');
      expect(fontFamily).not.toMatch(/^(serif|"?Times)/);

      // the whole 1200 px page is on screen, between the palette and the inspector
      const pageBox = await page.getByTestId('builder-page').boundingBox();
      const inspector = await page.getByTestId('builder-inspector').boundingBox();
      expect(pageBox).not.toBeNull();
      expect((pageBox?.x ?? 0) + (pageBox?.width ?? 0)).toBeLessThanOrEqual(inspector?.x ?? 0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
      const publish = page.getByRole('button', { name: 'Publicar' });
      await expect(publish).toBeInViewport({ ratio: 1 });

      // a refusal toast and the published toast: none covers Publicar
      await page.locator('[data-palette="input"]').click();
      const toast = page.locator('.toast').first();
      await expect(toast).toBeVisible();
      await publish.click();
      await expect(page.getByText('Landing publicada.')).toBeVisible();
      const button = await publish.boundingBox();
      for (const box of await page
        .locator('.toast')
        .evaluateAll((toasts) => toasts.map((item) => item.getBoundingClientRect().toJSON()))) {
        const overlaps =
          button &&
          box.x < button.x + button.width &&
          box.x + box.width > button.x &&
          box.y < button.y + button.height &&
          box.y + box.height > button.y;
        expect(overlaps).toBeFalsy();
      }
      await expect(publish).toBeVisible();
      await publish.click({ trial: true });

      // the back office has an icon, served by the app
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
      const icon = await page.request.get('/favicon.svg');
      expect(icon.status()).toBe(200);
      expect(icon.headers()['content-type']).toContain('image/svg+xml');
    });
  });
}

async function platformHeaders(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: { username: 'superadmin', password: PASSWORD } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

test('the canvas wears the tenant’s theme as the published page does: colours, font and logo', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const platform = await platformHeaders(page.request);
  const tenants = await (await page.request.get('/api/tenants?q=demo', { headers: platform })).json();
  const demo = tenants.items.find((t: { slug: string }) => t.slug === 'demo');
  const logoUrl = 'https://logo.example/marca.png';
  const patch = (theme: unknown) =>
    page.request.patch(`/api/tenants/${demo.id}`, { headers: platform, data: { theme } });
  const changed = await patch({
    preset: 'light',
    colors: { primary: '#2f9e44', surface: '#fff9db' },
    font: 'serif',
    logoUrl,
  });
  expect(changed.status(), await changed.text()).toBe(200);
  try {
    await page.route(/^https:\/\//, (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
    );
    await openNewLanding(page, 'Tema');
    await page.locator('[data-palette="button"]').click();
    const frame = page.frameLocator('[data-testid="builder-frame"]');
    await expect(frame.locator('header.lp-brand img')).toHaveAttribute('src', logoUrl);
    const look = await frame.locator('.lp-page').evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        font: style.getPropertyValue('--lp-font'),
        surface: style.backgroundColor,
        primary: style.getPropertyValue('--lp-primary'),
      };
    });
    expect(look.font).toBe(FONT_STACKS.serif);
    expect(look.surface).toBe('rgb(255, 249, 219)');
    // the same shade the published page gives its buttons (readable white text on the brand colour)
    expect(look.primary).toBe(readableShade('#2f9e44', '#ffffff'));
    const button = frame.getByRole('button').first();
    const primary = look.primary.replace('#', '');
    const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(primary.slice(at, at + 2), 16));
    await expect(button).toHaveCSS('background-color', `rgb(${r}, ${g}, ${b})`);
  } finally {
    expect((await patch(demo.theme)).status()).toBe(200);
  }
});
