import { devices, expect, test } from '@playwright/test';
import { createTemplatePages } from '../../bench/lib/template-pages.mjs';
import { BASE_URL } from '../playwright.config.ts';
import { PASSWORD } from './helpers.ts';
import { fillBirthdateProvinceAndConsent } from './public-page-checks.ts';

/**
 * The reward-code campaign's designed template as a person walks it on a phone: the form page,
 * then the thank-you page with the code, when to redeem it, and where, said once, under the map
 * (the same pages the Lighthouse bench and the template screenshots use: bench/lib/template-pages.mjs).
 */

test.use({ ...devices['Pixel 7'], locale: 'es-CR' });

test('the reward-code template: form, then the code and where to redeem it, said once', async ({ page }) => {
  const [pages] = await createTemplatePages(BASE_URL, { kinds: ['reward_code'], password: PASSWORD });
  if (!pages) throw new Error('no template pages');

  // opened before taking part, the thank-you page promises no code
  await page.goto(pages.thanks);
  await expect(page.getByRole('heading', { name: '¡Gracias por participar!', level: 1 })).toBeVisible();
  await expect(page.getByText('Este es su código')).toHaveCount(0);

  await page.goto(pages.form);
  await page.getByLabel('Cédula').pressSequentially(`1${String(Date.now()).slice(-8)}`);
  await page.getByLabel('Nombre completo').fill('Ana Plantilla');
  await page.getByLabel('Teléfono').pressSequentially('88887777');
  await fillBirthdateProvinceAndConsent(page);
  await page.getByRole('button', { name: 'Obtener mi código' }).click();

  await expect(page).toHaveURL(/\?page=2$/);
  const panel = page.getByRole('region', { name: '¡Listo! Este es su código' });
  await expect(panel.locator('.lp-code')).toHaveText(/^[A-Z0-9]{8,}$/);
  await expect(panel).toContainText('Cuándo canjearlo');
  // where: the page's map element, not the panel again
  await expect(panel).not.toContainText('Dónde canjearlo');
  await expect(panel.locator('li')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Dónde canjear' })).toHaveCount(1);
  await expect(page.locator('[data-map] li')).toHaveCount(1);
  await expect(page.locator('[data-map] li')).toContainText('Tienda Centro');
  await expect(page.getByRole('region', { name: 'Mapa de centros de canje' })).toBeVisible();
});
