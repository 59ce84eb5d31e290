import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers.ts';

/**
 * The end of a session (spec §4, §8): a token the server refuses while several calls are in
 * flight ends in one forced logout: one 'La sesión a finalizado!' toast and the tenant's login.
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

test('a session refused with calls in flight in the builder ends in one logout, on the tenant login', async ({
  page,
}) => {
  await signIn(page, { tenant: 'demo', username: 'admin' });
  const login = await page.request.post('/api/auth/login', {
    data: { tenant: 'demo', username: 'admin', password: 'e2e-password-123' },
  });
  const id = await createLanding(page, (await login.json()).token);
  await page.goto(`/demo/builder?landing=${id}`);
  await expect(page.getByTestId('layers-tree')).toBeVisible();
  await page.waitForLoadState('networkidle');

  // From now on the server refuses the token (its signature no longer matches) while the clock
  // still accepts it. The builder's autosave leaves first and is answered last: it comes back
  // refused after the calls of the next screen have already ended the session.
  const refused: string[] = [];
  await page.route('**/api/**', async (route) => {
    const headers = route.request().headers();
    if (!headers.authorization) return route.continue();
    refused.push(route.request().method());
    const delay = route.request().method() === 'PUT' ? 1500 : 100;
    await new Promise((resolve) => setTimeout(resolve, delay));
    await route.continue({
      headers: { ...headers, authorization: `${headers.authorization.slice(0, -4)}AAAA` },
    });
  });
  const autosave = page.waitForRequest((request) => request.method() === 'PUT');
  await page.locator('[data-palette="h2"]').click();
  await autosave;
  await page.getByRole('link', { name: /Landings/ }).click();

  const toasts = page.locator('.toast');
  await expect(page.getByText('La sesión a finalizado!')).toBeVisible();
  await expect(page).toHaveURL(/\/demo\/login$/);
  // the late answers have come back by now
  await page.waitForTimeout(2000);
  expect(refused).toContain('PUT');
  expect(refused.length).toBeGreaterThan(1);
  await expect(toasts).toHaveCount(1);
  await expect(page).toHaveURL(/\/demo\/login$/);
});
