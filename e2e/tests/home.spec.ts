import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

// Issue #15: the home runs the business. The figures on the screen are the server's, and the
// instants are the tenant's (Costa Rica) whatever the browser's zone.
for (const timezoneId of ['UTC', 'America/Panama']) {
  test.describe(`with the browser in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test("the admin's home shows the active campaigns' figures and what needs attention", async ({
      page,
    }) => {
      const summary = page.waitForResponse((r) => r.url().endsWith('/api/home') && r.ok());
      await signIn(page, { tenant: 'demo', username: 'admin' });
      const body = await (await summary).json();
      const card = (label: string) => page.getByRole('group', { name: label, exact: true });
      await expect(card('Campañas activas')).toContainText(String(body.activeCampaigns));
      await expect(card('Participaciones hoy')).toContainText(
        `${body.participations.week.toLocaleString('en-GB')} en los últimos 7 días`,
      );
      await expect(card('Códigos canjeados / entregados')).toContainText(
        `${body.codes.redeemed.toLocaleString('en-GB')} / ${body.codes.assigned.toLocaleString('en-GB')}`,
      );
      await expect(page.getByRole('heading', { name: 'Requiere atención' })).toBeVisible();
      // "Datos al" is the server's instant in Costa Rica's time (UTC−6), not the browser's
      const asOf = new Intl.DateTimeFormat('es-ES', {
        dateStyle: 'short',
        timeStyle: 'short',
        timeZone: 'America/Costa_Rica',
      }).format(new Date(body.asOf));
      await expect(page.getByText(`Datos al ${asOf}`)).toBeVisible();
    });
  });
}
