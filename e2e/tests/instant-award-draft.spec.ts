import { expect, test } from '@playwright/test';
import { PASSWORD, signIn } from './helpers.ts';

// Issue #15: the prizes of an instant-award campaign were locked as soon as its start date passed,
// even while it was still a draft. A draft past its start is still being set up: the admin adds
// prizes and seals the winning moments from the screen. The browser's zone must not matter.

const TENANT = 'demo';
const DAY = 86_400_000;

for (const timezoneId of ['UTC', 'America/Panama']) {
  test.describe(`browser in ${timezoneId}`, () => {
    test.use({ timezoneId });
    test('a draft instant-award campaign past its start date takes prizes and moments', async ({
      page,
      request,
    }) => {
      const login = await request.post('/api/auth/login', {
        data: { tenant: TENANT, username: 'admin', password: PASSWORD },
      });
      const { token } = (await login.json()) as { token: string };
      const now = Date.now();
      const title = `Premios al instante ${timezoneId}`;
      const created = await request.post('/api/campaigns', {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          name: `instantaneo-${now.toString(36)}`,
          title,
          kind: 'instant_award',
          countryCode: 'CR',
          startsAt: new Date(now - 2 * DAY).toISOString(),
          endsAt: new Date(now + 30 * DAY).toISOString(),
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: string };

      await signIn(page, { tenant: TENANT, username: 'admin' });
      await page.goto(`/${TENANT}/pages/instant-awards?campaign=${id}`);
      await expect(page.getByRole('heading', { name: 'Premios', exact: true })).toBeVisible();

      await page.getByRole('button', { name: 'Nuevo premio' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo premio' });
      await dialog.getByLabel('Premio').fill('Televisor');
      await dialog.getByLabel('Valor').fill('300000');
      await dialog.getByLabel('Existencias').fill('2');
      // Costa Rica calls its divisions provinces, as the tenant's landing pages do (issue #15)
      await expect(dialog.getByLabel('Provincia donde se reclama')).toBeVisible();
      await dialog.getByRole('button', { name: 'Crear' }).click();
      await expect(page.getByText('Premio creado.').first()).toBeVisible();
      await expect(page.getByRole('cell', { name: 'Televisor', exact: true })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'Provincia donde se reclama' })).toBeVisible();

      await page.getByRole('button', { name: 'Generar al azar en la vigencia' }).click();
      await expect(page.getByText('Momentos sellados.').first()).toBeVisible();
      await expect(page.getByText(/2 momentos sellados el/)).toBeVisible();
    });
  });
}
