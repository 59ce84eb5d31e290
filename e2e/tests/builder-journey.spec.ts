import { devices, expect, type Page, test } from '@playwright/test';
import { openNewDemoLanding, readSealed, saveScreenshot, signIn, storedToken } from './helpers.ts';
import { fillBirthdateProvinceAndConsent } from './public-page-checks.ts';

/**
 * The landing builder (issue 6): an admin builds a page in the editor (row of two columns,
 * heading, image, a form bound to the campaign's fields with consent, a reward-code element),
 * meets the placement messages (second map, field outside a form), undoes and redoes, publishes
 * into a landing group; a person opens the public URL on a phone and takes part.
 */

const palette = (page: Page, key: string) => page.locator(`[data-palette="${key}"]`);
const layer = (page: Page, name: string | RegExp) =>
  page.getByTestId('layers-tree').getByRole('treeitem', { name });

async function addFromPalette(page: Page, key: string) {
  await palette(page, key).click();
}

test('an admin builds, publishes and a person takes part on a phone', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, { tenant: 'demo', username: 'admin' });
  const landingName = `Registro ${Date.now().toString(36)}`;
  await openNewDemoLanding(page, landingName);
  await expect(page.getByTestId('palette')).toBeVisible();
  const frame = page.frameLocator('[data-testid="builder-frame"]');

  // heading, then a row of two columns after it
  await addFromPalette(page, 'h1');
  await page.getByTestId('element-text').fill('Gane con el constructor');
  await expect(frame.getByRole('heading', { name: 'Gane con el constructor' })).toBeVisible();
  await addFromPalette(page, 'row-2');
  await expect(layer(page, 'Columna')).toHaveCount(2);

  // an image (URL) in the first column
  await layer(page, 'Columna').first().click();
  await addFromPalette(page, 'img');
  await page.getByTestId('attr-src').fill('https://example.com/banner.png');
  await page.getByTestId('attr-alt').fill('Premio');
  await expect(frame.locator('img[alt="Premio"]')).toHaveAttribute('src', 'https://example.com/banner.png');
  // ...replaced by an uploaded one: checked and re-encoded by the server, kept in the tenant's assets
  const upload = page.waitForResponse(
    (r) => r.url().endsWith('/api/images') && r.request().method() === 'POST',
  );
  await page.locator('input[type=file][accept^="image/"]').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  expect((await upload).status()).toBe(201);
  await expect(frame.locator('img[alt="Premio"]')).toHaveAttribute(
    'src',
    /^\/assets\/demo\/[0-9a-f-]{36}\.webp$/,
  );
  await expect(page.getByTestId('attr-src')).toHaveValue(/^\/assets\/demo\//);

  // a form in the second column with the campaign's fields, consent, a button and the reward code
  await layer(page, 'Columna').nth(1).click();
  await addFromPalette(page, 'form');
  for (const key of ['cedula', 'name', 'email', 'phone', 'birthdate', 'department', 'consent']) {
    await addFromPalette(page, `field:${key}`);
  }
  await addFromPalette(page, 'button');
  await addFromPalette(page, 'reward-code');
  await expect(frame.getByLabel('Cédula')).toBeVisible();
  // the field blocks are named in the layers as people read them, not by their keys
  await expect(layer(page, /^Cédula$/)).toHaveCount(1);
  await expect(layer(page, /^Consentimiento$/)).toHaveCount(1);
  await expect(layer(page, /^cedula$/)).toHaveCount(0);
  await expect(frame.getByLabel('Provincia').locator('option', { hasText: 'San José' })).toHaveCount(1);
  await expect(frame.locator('[data-reward-code]')).toHaveCount(1);

  // one map per page: the second is refused with the catalogue message
  await addFromPalette(page, 'map');
  await expect(layer(page, 'Mapa')).toHaveCount(1);
  await addFromPalette(page, 'map');
  await expect(page.getByText('El mapa ya fue insertado en esta página.')).toBeVisible();
  await expect(layer(page, 'Mapa')).toHaveCount(1);

  // undo removes the map, redo brings it back (buttons and shortcuts); then it is deleted
  await page.getByRole('button', { name: 'Deshacer (Ctrl+Z)' }).click();
  await expect(layer(page, 'Mapa')).toHaveCount(0);
  await page.getByRole('button', { name: 'Rehacer (Ctrl+Shift+Z)' }).click();
  await expect(layer(page, 'Mapa')).toHaveCount(1);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect(layer(page, 'Mapa')).toHaveCount(0);
  await page.keyboard.press('Control+Shift+z');
  await expect(layer(page, 'Mapa')).toHaveCount(1);
  await layer(page, 'Mapa').click();
  await page.getByRole('button', { name: 'Eliminar (Supr)' }).click();
  await expect(layer(page, 'Mapa')).toHaveCount(0);

  // a form field outside the form: refused, and the "select a form" flag resets after 3 s
  await page.keyboard.press('Escape');
  await addFromPalette(page, 'input');
  await expect(page.getByText('Este elemento solo se permite dentro de un formulario.')).toBeVisible();
  await expect(page.getByTestId('select-flag')).toBeVisible();
  await expect(page.getByTestId('select-flag')).toBeHidden({ timeout: 5_000 });

  // the draft is saved, then published
  await expect(page.getByTestId('save-status')).toHaveText('Guardado', { timeout: 10_000 });
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Landing publicada.')).toBeVisible();
  await layer(page, /Título 1/).click();
  await page.getByTestId('style-color').fill('zz');
  await expect(
    page.getByText('El color debe tener 3, 6 u 8 dígitos hexadecimales, con # opcional.'),
  ).toBeVisible();
  await page.getByTestId('style-color').fill('0b5394');
  await expect(frame.getByRole('heading', { name: 'Gane con el constructor' })).toHaveCSS(
    'color',
    'rgb(11, 83, 148)',
  );
  await expect(page.getByTestId('save-status')).toHaveText('Guardado', { timeout: 10_000 });
  await saveScreenshot(page, 'builder-editor');

  // into a landing group; its public URL is shown
  await page.getByRole('link', { name: /Landings/ }).click();
  const group = `constructor-${Date.now().toString(36)}`;
  await page.getByTestId('group-name').fill(group);
  await page.getByRole('combobox', { name: /Landings en orden/ }).click();
  await page.getByRole('option', { name: landingName }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('save-group').click();
  await expect(page.getByText('Grupo guardado.')).toBeVisible();
  const link = page.getByTestId('group-public-url').filter({ hasText: group });
  await expect(link).toBeVisible();
  const url = (await link.getAttribute('href')) ?? '';
  expect(url).toContain(`/demo/landing/${group}`);

  // a person on a phone
  const context = await browser.newContext({ ...devices['Pixel 7'], locale: 'es-CR' });
  const phone = await context.newPage();
  const response = await phone.goto(url);
  expect(response?.status()).toBe(200);
  await expect(phone.getByRole('heading', { name: 'Gane con el constructor' })).toBeVisible();
  // the uploaded image is served from the tenant's assets
  await expect
    .poll(() => phone.locator('img[alt="Premio"]').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const cedula = `1${String(Date.now()).slice(-8)}`;
  await phone.getByLabel('Cédula').pressSequentially(cedula);
  await phone.getByLabel('Nombre completo').fill('Ana Rodríguez');
  await phone.getByLabel('Correo').fill('ana@example.com');
  await phone.getByLabel('Teléfono').pressSequentially('88887777');
  // the birthdate as three lists: day 1-31, month, year (100 years back)
  await expect(phone.getByTitle('Año').locator('option')).toHaveCount(102);
  await expect(phone.getByTitle('Día').locator('option')).toHaveCount(32);
  await fillBirthdateProvinceAndConsent(phone);
  await phone.getByRole('button', { name: 'Participar' }).click();
  await expect(phone.getByRole('status')).toContainText(/participaci(ón|ones) en el sorteo/);
  await saveScreenshot(phone, 'builder-public-page-mobile');
  await context.close();
});

test('a forced logout in the editor backs its elements up, and they are offered on return', async ({
  page,
}) => {
  // the page's clock is Playwright's, so the session can be made to run out in the editor
  await page.clock.install();
  await signIn(page, { tenant: 'demo', username: 'admin' });
  const token = await storedToken(page);
  const auth = { authorization: `Bearer ${token}` };
  const campaigns = await (await page.request.get('/api/campaigns?q=promo-demo', { headers: auth })).json();
  const created = await page.request.post('/api/landing-pages', {
    headers: auth,
    data: {
      name: `Respaldo ${Date.now().toString(36)}`,
      campaignId: campaigns.items[0].id,
      document: { schemaVersion: 1, page: { title: 'Respaldo' }, elements: [] },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  await page.goto(`/demo/builder?landing=${id}`);
  await addFromPalette(page, 'h2');
  await addFromPalette(page, 'p');
  await expect(page.getByTestId('layers-tree').getByRole('treeitem')).toHaveCount(2);
  await page.waitForLoadState('networkidle');
  // the token's 8 hours pass while the editor is open
  await page.clock.fastForward('08:00:01');

  await expect(page.getByText('La sesión a finalizado!')).toBeVisible();
  await expect(page).toHaveURL(/\/demo\/login$/);
  const backup = JSON.parse((await readSealed(page, 'builder-backup')) ?? 'null');
  expect(backup?.elements).toHaveLength(2);
  expect(backup.elements.map((element: { type: string }) => element.type)).toEqual(['h2', 'p']);
  expect(backup.landingId).toBe(id);

  // back in the builder (the clock back to now): another landing does not offer it; its own
  // landing does, and restores it
  await page.clock.setSystemTime(Date.now());
  await signIn(page, { tenant: 'demo', username: 'admin' });
  const other = await page.request.post('/api/landing-pages', {
    headers: { authorization: `Bearer ${await storedToken(page)}` },
    data: {
      name: 'Otra',
      campaignId: campaigns.items[0].id,
      document: { schemaVersion: 1, page: { title: 'Otra' }, elements: [] },
    },
  });
  expect(other.status()).toBe(201);
  await page.goto(`/demo/builder?landing=${(await other.json()).id}`);
  await expect(page.getByTestId('layers-tree')).toBeVisible();
  await expect(page.getByTestId('backup-alert')).toHaveCount(0);
  await page.goto(`/demo/builder?landing=${id}`);
  await expect(page.getByTestId('backup-alert')).toBeVisible();
  await page.getByRole('button', { name: 'Restaurar' }).click();
  await expect(page.getByTestId('backup-alert')).toBeHidden();
  await expect(page.getByTestId('layers-tree').getByRole('treeitem')).toHaveCount(2);
  expect(await page.evaluate(() => localStorage.getItem('builder-backup'))).toBeNull();
  await saveScreenshot(page, 'builder-backup-restored');
});

/** Drags with the mouse in small steps (dnd-kit's pointer sensor starts after 5 px). */
async function drag(
  page: Page,
  from: import('@playwright/test').Locator,
  to: import('@playwright/test').Locator,
) {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('not visible');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2 + 10, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 15 });
  await page.mouse.up();
}

test('elements are dragged from the palette and moved in the layers tree, with the same rules', async ({
  page,
}) => {
  await signIn(page, { tenant: 'demo', username: 'admin' });
  const token = await storedToken(page);
  const auth = { authorization: `Bearer ${token}` };
  const campaigns = await (await page.request.get('/api/campaigns?q=promo-demo', { headers: auth })).json();
  const created = await page.request.post('/api/landing-pages', {
    headers: auth,
    data: {
      name: `Arrastre ${Date.now().toString(36)}`,
      campaignId: campaigns.items[0].id,
      document: { schemaVersion: 1, page: { title: 'Arrastre' }, elements: [] },
    },
  });
  const { id } = await created.json();
  await page.goto(`/demo/builder?landing=${id}`);
  const tree = page.getByTestId('layers-tree');

  // palette -> canvas (top level), palette -> a column of the tree
  await drag(page, palette(page, 'row-2'), page.getByTestId('builder-canvas'));
  await expect(layer(page, 'Columna')).toHaveCount(2);
  await drag(page, palette(page, 'p'), layer(page, 'Columna').nth(1));
  await expect(tree.getByRole('treeitem', { name: /Párrafo/ })).toHaveAttribute('aria-level', '3');

  // within the tree: the paragraph into the first column; a paragraph dropped on the row is refused
  await drag(page, layer(page, /Párrafo/), layer(page, 'Columna').first());
  await expect(tree.getByRole('treeitem').nth(2)).toHaveAccessibleName(/Párrafo/);
  await drag(page, layer(page, /Párrafo/), layer(page, 'Fila'));
  await expect(page.getByText('Este elemento no se permite dentro de una fila.')).toBeVisible();

  // keyboard: out of the column is refused too (it would land in the row); duplicate and move up
  await layer(page, /Párrafo/).click();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByText('Este elemento no se permite dentro de una fila.').first()).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: /Párrafo/ })).toHaveAttribute('aria-level', '3');
  await page.keyboard.press('Control+d');
  await expect(tree.getByRole('treeitem', { name: /Párrafo/ })).toHaveCount(2);
  const copy = await tree.locator('[aria-selected="true"]').getAttribute('data-element-id');
  await expect(tree.getByRole('treeitem', { name: /Párrafo/ }).nth(1)).toHaveAttribute(
    'data-element-id',
    copy ?? '',
  );
  await page.keyboard.press('Alt+ArrowUp');
  await expect(tree.getByRole('treeitem', { name: /Párrafo/ }).first()).toHaveAttribute(
    'data-element-id',
    copy ?? '',
  );
  await page.getByRole('button', { name: 'Bajar (Alt+↓)' }).click();
  await expect(tree.getByRole('treeitem', { name: /Párrafo/ }).nth(1)).toHaveAttribute(
    'data-element-id',
    copy ?? '',
  );
});
