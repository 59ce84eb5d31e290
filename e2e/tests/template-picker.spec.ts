import { expect, test } from '@playwright/test';
import { openDemoLandings, saveScreenshot, signIn } from './helpers.ts';

// Issue #16: a landing's template is chosen when the landing is created, from thumbnails of the
// pages it would start from, filled with the campaign (the demo's raffle 'promo-demo').

test('a new landing is chosen from thumbnails of its starting pages and starts as the one chosen', async ({
  page,
}) => {
  test.setTimeout(60_000); // three pages drawn and a builder opened: slow on a loaded machine
  await signIn(page, { tenant: 'demo', username: 'admin' });
  await openDemoLandings(page);

  const picker = page.getByRole('radiogroup', { name: 'Plantilla' });
  await expect(picker.getByRole('radio')).toHaveCount(3);
  await expect(picker.getByRole('radio', { name: /Página en blanco/ })).toBeChecked();
  // each thumbnail is the page drawn by the public renderer: the form page has the campaign's
  // form and its kind's send button, the thank-you page its kind's message
  const formThumb = page.frameLocator('iframe[title="Vista previa: Formulario de la campaña"]');
  await expect(formThumb.locator('form')).toHaveCount(1);
  await expect(formThumb.getByRole('button', { name: 'Participar en el sorteo' })).toBeVisible();
  const thanksThumb = page.frameLocator('iframe[title="Vista previa: Página de agradecimiento"]');
  await expect(thanksThumb.getByText('¡Ya está participando!')).toBeVisible();
  await saveScreenshot(page, 'template-picker');
  // a picture, not a page: nothing in it takes the focus
  await page.getByTestId('new-landing-name').focus();
  await page.keyboard.press('Tab');
  await expect(page.locator('iframe[title^="Vista previa"]:focus')).toHaveCount(0);

  await picker.getByRole('radio', { name: /Formulario de la campaña/ }).check();
  const name = `plantilla-${Date.now().toString(36)}`;
  await page.getByTestId('new-landing-name').fill(name);
  await page.getByRole('button', { name: 'Crear landing' }).click();
  await page.getByRole('link', { name }).click();
  const canvas = page.frameLocator('[data-testid="builder-frame"]');
  await expect(canvas.getByRole('button', { name: 'Participar en el sorteo' })).toBeVisible();
});
