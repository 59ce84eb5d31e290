import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, readSealed, refuseSessionFromNowOn, signIn, storedToken } from './helpers.ts';

/**
 * The end of a session (spec §4, §8): a token the server refuses while several calls are in
 * flight ends in one forced logout: one 'La sesión a finalizado!' toast and the tenant's login.
 * What the back-office keeps in browser storage is sealed (spec §9, decision 017).
 */

async function createLanding(page: Page, token: string): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const campaigns = await (await page.request.get('/api/campaigns?q=promo-demo', { headers: auth })).json();
  const created = await page.request.post('/api/landing-pages', {
    headers: auth,
    data: {
      name: `Fin de sesión ${Date.now().toString(36)}`,
      campaignId: campaigns.items[0].id,
      document: { schemaVersion: 1, page: { title: 'Fin' }, elements: [] },
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).id;
}

/**
 * Makes the page say when it has handled each refused (401) answer: the method of the call, kept
 * in `window.handledRefusals` by a task queued once the body is read. The app's code awaiting the
 * body (the api client: the error, the forced logout or not, the caller's catch, React's render of
 * a toast) runs on in microtasks, which all run before that task.
 */
async function recordHandledRefusals(page: Page) {
  await page.addInitScript(() => {
    const handled: string[] = [];
    Object.assign(window, { handledRefusals: handled });
    const methods = new WeakMap<Response, string>();
    const fetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await fetch(input, init);
      methods.set(response, init?.method ?? 'GET');
      return response;
    };
    const json = Response.prototype.json;
    Response.prototype.json = function (this: Response) {
      return json.call(this).then((value: unknown) => {
        if (this.status === 401) setTimeout(() => handled.push(methods.get(this) ?? '?'), 0);
        return value;
      });
    };
  });
}

test('a session refused with calls in flight in the builder ends in one logout, on the tenant login', async ({
  page,
}) => {
  await recordHandledRefusals(page);
  await signIn(page, { tenant: 'demo', username: 'admin' });
  const id = await createLanding(page, await storedToken(page));
  await page.goto(`/demo/builder?landing=${id}`);
  await expect(page.getByTestId('layers-tree')).toBeVisible();
  await page.waitForLoadState('networkidle');

  // From now on the server refuses the token (its signature no longer matches) while the clock
  // still accepts it. The builder's autosave leaves first and is answered last: it is held until
  // the calls of the next screen have ended the session, and comes back refused after it.
  let sessionEnded: () => void = () => {};
  const autosaveMayGo = new Promise<void>((resolve) => {
    sessionEnded = resolve;
  });
  const refused = await refuseSessionFromNowOn(page, (method) => (method === 'PUT' ? autosaveMayGo : 100));
  const autosave = page.waitForRequest((request) => request.method() === 'PUT');
  await page.locator('[data-palette="h2"]').click();
  await autosave;
  await page.getByRole('link', { name: /Landings/ }).click();

  const toasts = page.locator('.toast');
  await expect(page.getByText('La sesión a finalizado!')).toBeVisible();
  await expect(page).toHaveURL(/\/demo\/login$/);
  sessionEnded();
  // the late refusal has come back and the page has handled it: now no toast may still be coming
  await page.waitForFunction(() =>
    (window as unknown as { handledRefusals: string[] }).handledRefusals.includes('PUT'),
  );
  expect(refused).toContain('PUT');
  expect(refused.length).toBeGreaterThan(1);
  // counted once, not awaited: a retrying assertion would wait for a second toast to fade away
  expect(await toasts.count()).toBe(1);
  await expect(page).toHaveURL(/\/demo\/login$/);
});

test('a persistent login is kept encrypted in local storage, and a reload keeps the session', async ({
  page,
}) => {
  await page.goto('/demo/login');
  await page.getByLabel('Usuario', { exact: true }).fill('admin');
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Mantener la sesión iniciada').check();
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/demo\/pages$/);

  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('promo.token') ?? '',
    tenant: localStorage.getItem('promo.tenant-config') ?? '',
  }));
  // not a readable JWT (header.payload.signature, base64url JSON starting "eyJ"), no tenant in clear
  expect(stored.token).toMatch(/^enc1\./);
  expect(stored.token).not.toMatch(/^eyJ|\.eyJ/);
  expect(stored.tenant).not.toContain('demo');
  const token = await readSealed(page, 'promo.token');
  expect(token?.split('.')).toHaveLength(3);
  expect(
    (await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).ok(),
  ).toBe(true);

  await page.reload();
  await expect(page).toHaveURL(/\/demo\/pages$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Perfil' }).click();
  await expect(page).toHaveURL(/\/demo\/pages\/profile$/);
  await expect(page.getByText('La sesión a finalizado!')).toHaveCount(0);

  // a value that does not decrypt (copied from another deployment, or plain) counts as absent
  await page.evaluate(() => localStorage.setItem('promo.token', 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln'));
  await page.goto('/demo/pages');
  await expect(page).toHaveURL(/\/demo\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('promo.token'))).toBeNull();
});
