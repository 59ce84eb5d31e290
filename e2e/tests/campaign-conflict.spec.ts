import { type Browser, expect, type Page, test } from '@playwright/test';
import { createCampaign } from './api-setup.ts';
import { adminHeaders, PASSWORD, saveScreenshot, signIn } from './helpers.ts';

// Two admins edit one campaign in two browsers (issue #44): the second save, made on the version
// both opened, is not silently applied over the first; the second admin chooses.

const TENANT = 'demo';
const TIME_ZONE = 'America/Costa_Rica';

async function adminIn(browser: Browser, baseURL: string | undefined, username: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'es-ES',
    timezoneId: TIME_ZONE,
    viewport: { width: 1366, height: 900 },
  });
  const page = await context.newPage();
  await signIn(page, { tenant: TENANT, username });
  return page;
}

const titleOf = (page: Page) => page.getByRole('tabpanel').getByLabel(/^Título/);

async function open(page: Page, id: string) {
  await page.goto(`/${TENANT}/pages/campaigns/${id}`);
  await expect(titleOf(page)).toHaveValue('Gane con nosotros');
}

async function saveTitle(page: Page, title: string) {
  await titleOf(page).fill(title);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
}

test.use({ timezoneId: TIME_ZONE });
// two browsers signed in and four saves: more than the default on a loaded two-core machine
test.setTimeout(90_000);

test('a save made on a version someone saved since asks which one to keep', async ({
  browser,
  baseURL,
  request,
}) => {
  const headers = await adminHeaders(request, TENANT);
  const id = await createCampaign(
    request,
    headers,
    {
      name: `conflicto-${Date.now().toString(36)}`,
      title: 'Gane con nosotros',
      kind: 'raffle',
      startsAt: '2027-03-01T12:00:00.000Z',
      endsAt: '2027-03-31T23:30:00.000Z',
    },
    { active: false },
  );
  const second = `admin-${Date.now().toString(36)}`;
  const user = await request.post('/api/users/register', {
    headers,
    data: { username: second, password: PASSWORD, role: 'ADMIN' },
  });
  expect(user.status(), await user.text()).toBe(201);
  const stored = async () =>
    (await (await request.get(`/api/campaigns/${id}`, { headers })).json()) as {
      title: string;
      version: number;
    };

  const ana = await adminIn(browser, baseURL, 'admin');
  const luis = await adminIn(browser, baseURL, second);
  await open(ana, id);
  await open(luis, id);

  // Ana saves first; Luis, who opened the same version, saves after her
  await saveTitle(ana, 'Título de Ana');
  await expect(ana.getByText('Campaña actualizada.').first()).toBeVisible();
  await saveTitle(luis, 'Título de Luis');
  const dialog = luis.getByRole('dialog', { name: 'Otra persona guardó cambios' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'Otra persona guardó cambios en este registro después de que usted lo abrió.',
  );
  expect(await stored()).toMatchObject({ title: 'Título de Ana' });
  await saveScreenshot(luis, 'campaign-conflict-1366', { fullPage: false });
  await luis.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByRole('button', { name: 'Conservar la mía' })).toBeInViewport();
  await saveScreenshot(luis, 'campaign-conflict-390', { fullPage: false });
  await luis.setViewportSize({ width: 1366, height: 900 });

  // "Ver la versión nueva": Ana's campaign in Luis's form, his title dropped, nothing saved
  await dialog.getByRole('button', { name: 'Ver la versión nueva' }).click();
  await expect(dialog).toBeHidden();
  await expect(titleOf(luis)).toHaveValue('Título de Ana');
  expect(await stored()).toMatchObject({ title: 'Título de Ana' });

  // Ana saves again; Luis's next save is stale again, and this time he keeps his
  await saveTitle(ana, 'Título de Ana, otra vez');
  await expect(ana.getByText('Campaña actualizada.').first()).toBeVisible();
  const before = (await stored()).version;
  await saveTitle(luis, 'Título de Luis');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Conservar la mía' }).click();
  await expect(dialog).toBeHidden();
  await expect(luis.getByText('Campaña actualizada.').first()).toBeVisible();
  await expect(titleOf(luis)).toHaveValue('Título de Luis');
  expect(await stored()).toEqual(expect.objectContaining({ title: 'Título de Luis', version: before + 1 }));

  await ana.context().close();
  await luis.context().close();
});
