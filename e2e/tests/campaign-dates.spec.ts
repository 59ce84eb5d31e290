import { expect, test } from '@playwright/test';
import { PASSWORD, signIn } from './helpers.ts';

// The demo tenant is in Costa Rica (UTC−6); the browser is in UTC or in Panama (UTC−5). Instants
// are shown and edited in the tenant's zone whatever the browser's, so saving the "Datos" tab
// unchanged moves nothing.

const TENANT = 'demo';
const DATES = {
  startsAt: '2027-03-01T12:00:00.000Z',
  endsAt: '2027-03-31T23:30:00.000Z',
  redeemFrom: '2027-03-02T15:00:00.000Z',
  redeemUntil: '2027-04-15T05:59:00.000Z',
};

for (const timezoneId of ['UTC', 'America/Panama']) {
  test.describe(`browser in ${timezoneId}`, () => {
    test.use({ timezoneId });
    test('saving a campaign opened straight from its address keeps every date', async ({ page, request }) => {
      const login = await request.post('/api/auth/login', {
        data: { tenant: TENANT, username: 'admin', password: PASSWORD },
      });
      const { token } = (await login.json()) as { token: string };
      const headers = { Authorization: `Bearer ${token}` };
      const name = `fechas-${Date.now().toString(36)}`;
      const created = await request.post('/api/campaigns', {
        headers,
        data: {
          name,
          title: 'Fechas en la zona del cliente',
          kind: 'reward_code',
          countryCode: 'CR',
          ...DATES,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: string };

      await signIn(page, { tenant: TENANT, username: 'admin' });
      // a fresh load of the page, as after a reload or a link: nothing is cached yet
      await page.goto(`/${TENANT}/pages/campaigns/${id}`);
      await expect(
        page.getByRole('heading', { name: 'Fechas en la zona del cliente', level: 1 }),
      ).toBeVisible();
      // shown in Costa Rica's wall-clock time, not the browser's UTC
      // the Datos tab's fields (the menu has an "Inicio" too)
      const data = page.getByRole('tabpanel');
      await expect(data.getByLabel(/^Inicio/)).toHaveValue('2027-03-01T06:00');
      await expect(data.getByLabel(/^Fin/)).toHaveValue('2027-03-31T17:30');

      for (let save = 0; save < 2; save += 1) {
        await page.getByRole('button', { name: 'Guardar', exact: true }).click();
        await expect(page.getByText('Campaña actualizada.').first()).toBeVisible();
      }
      const stored = await request.get(`/api/campaigns/${id}`, { headers });
      expect(await stored.json()).toMatchObject(DATES);
    });
  });
}
