import { expect, test } from '@playwright/test';
import { PASSWORD, signIn } from './helpers.ts';

const TENANT = 'demo';

for (const timezoneId of ['UTC', 'America/Panama']) {
  test.describe(`browser in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('Profile → Guardar stores the preferences and says so', async ({ page, request }) => {
      const login = await request.post('/api/auth/login', {
        data: { tenant: TENANT, username: 'admin', password: PASSWORD },
      });
      const { token, user } = (await login.json()) as { token: string; user: { id: string } };
      const headers = { Authorization: `Bearer ${token}` };
      const before = await (await request.get(`/api/users/configuration/${user.id}`, { headers })).json();

      await signIn(page, { tenant: TENANT, username: 'admin' });
      await page.goto(`/${TENANT}/pages/profile`);
      const keep = page.getByRole('switch', { name: 'Mantener la sesión iniciada' });
      await expect(keep).toBeVisible();
      const wanted = !(before as { persistentLogin: boolean }).persistentLogin;
      await keep.setChecked(wanted);
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page.getByText('Preferencias guardadas.')).toBeVisible();

      const after = await (await request.get(`/api/users/configuration/${user.id}`, { headers })).json();
      expect(after).toMatchObject({ persistentLogin: wanted, locale: 'es' });
      // what the form does not edit is kept
      expect((after as { tableSettings: unknown }).tableSettings).toEqual(
        (before as { tableSettings: unknown }).tableSettings,
      );
    });
  });
}
