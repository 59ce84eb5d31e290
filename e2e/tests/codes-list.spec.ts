import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminHeaders, signIn } from './helpers.ts';

// The Códigos screen lists a campaign's codes with their dates in the tenant's zone (Costa Rica,
// UTC−6) whatever the browser's (UTC or Panama), searches them, exports them and revokes them
// after a confirmation.

const TENANT = 'demo';

for (const timezoneId of ['UTC', 'America/Panama']) {
  test.describe(`browser in ${timezoneId}`, () => {
    test.use({ timezoneId });
    test('lists, searches, exports and revokes a campaign’s codes', async ({ page, request }) => {
      const headers = await adminHeaders(request, TENANT);
      const name = `lista-${timezoneId.length}-${Date.now().toString(36)}`;
      const created = await request.post('/api/campaigns', {
        headers,
        data: {
          name,
          title: `Lista de códigos ${name}`,
          kind: 'reward_code',
          countryCode: 'CR',
          startsAt: new Date(Date.now() - 86_400_000).toISOString(),
          endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const generated = await request.post('/api/reward-codes', {
        headers,
        data: { campaignId: id, count: 3, prefix: 'LST' },
      });
      expect(generated.status()).toBe(201);
      const listed = await request.get(`/api/reward-codes?campaignId=${id}`, { headers });
      const codes = ((await listed.json()) as { items: Array<{ code: string }> }).items.map((c) => c.code);
      const target = codes[1] as string;

      await signIn(page, { tenant: TENANT, username: 'admin' });
      await page.goto(`/${TENANT}/pages/codes?campaign=${id}`);
      const table = page.getByTestId('codes-list');
      for (const code of codes) await expect(table.getByText(code, { exact: true })).toBeVisible();
      await expect(page.getByTestId('codes-total')).toHaveText('3 códigos');

      // a search by part of the code, as people type it (small letters)
      await page.getByLabel('Buscar', { exact: true }).fill(target.slice(0, 9).toLowerCase());
      await expect(page.getByTestId('codes-total')).toHaveText('1 código');
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table.getByText(target, { exact: true })).toBeVisible();

      // the export holds the filtered code, in Spanish
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exportar CSV' }).click();
      const file = await downloading;
      expect(file.suggestedFilename()).toBe(`codigos-${name}.csv`);
      const text = readFileSync((await file.path()) as string, 'utf8').replace(/^\uFEFF/, '');
      const lines = text.trim().split('\r\n');
      expect(lines[0]).toBe(
        'Código,Estado,Titular,Identificación,Creado,Asignado,Canjeado,Revocado,Código de centro,Centro',
      );
      expect(lines.slice(1).map((l) => l.split(',').slice(0, 2))).toEqual([[target, 'Disponible']]);

      // revoking asks first; cancelling changes nothing
      await page.getByRole('button', { name: 'Revocar los filtrados' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revocar códigos' });
      await expect(dialog).toContainText('No se puede deshacer');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect(table.getByText('Disponible')).toBeVisible();
      await page.getByRole('button', { name: 'Revocar los filtrados' }).click();
      await page
        .getByRole('dialog', { name: 'Revocar códigos' })
        .getByRole('button', { name: 'Revocar 1 código' })
        .click();
      await expect(page.getByText('1 código revocado.').first()).toBeVisible();
      await expect(table.getByText('Revocado')).toBeVisible();

      // the date of the state is the Costa Rica wall clock, not the browser's
      const after = await request.get(`/api/reward-codes?campaignId=${id}&status=revoked`, { headers });
      const [revoked] = ((await after.json()) as { items: Array<{ code: string; revokedAt: string }> }).items;
      expect(revoked?.code).toBe(target);
      const shown = new Intl.DateTimeFormat('es-ES', {
        dateStyle: 'short',
        timeStyle: 'short',
        timeZone: 'America/Costa_Rica',
      }).format(new Date(revoked?.revokedAt as string));
      await expect(table.getByRole('row').nth(1)).toContainText(shown);

      // the others stay available
      await page.getByLabel('Buscar', { exact: true }).fill('');
      await expect(page.getByTestId('codes-total')).toHaveText('3 códigos');
      await expect(table.getByText('Disponible')).toHaveCount(2);
    });
  });
}
