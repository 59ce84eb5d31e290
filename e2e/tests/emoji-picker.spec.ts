import { expect, test } from '@playwright/test';
import { openNewDemoLanding, signIn } from './helpers.ts';

/**
 * Spec §9's emoji picker (decision 016): a builder text field gets emojis from the bundled set,
 * fetched only when a picker is first opened: never with the back-office's main chunk, never on
 * a public page. Offline here (no emoji service key): the bundled set answers.
 */
test('an admin adds an emoji to a heading from the lazily loaded bundled set', async ({ page }) => {
  test.setTimeout(90_000);
  const emojiChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/emoji-panel-[^/]+\.js$/.test(request.url())) emojiChunks.push(request.url());
  });
  await signIn(page, { tenant: 'demo', username: 'admin' });
  await openNewDemoLanding(page, `Emojis ${Date.now().toString(36)}`);
  await page.locator('[data-palette="h1"]').click();
  await page.getByTestId('element-text').fill('Gane ');
  expect(emojiChunks).toEqual([]);

  await page.getByTestId('inspector').getByRole('button', { name: 'Insertar un emoji' }).click();
  await page.getByRole('textbox', { name: 'Buscar emoji' }).fill('party popper');
  await page.getByRole('button', { name: 'party popper' }).click();
  await expect(page.getByTestId('element-text')).toHaveValue('Gane 🎉');
  const frame = page.frameLocator('[data-testid="builder-frame"]');
  await expect(frame.getByRole('heading', { name: 'Gane 🎉' })).toBeVisible();
  await expect(page.getByTestId('emoji-source')).toHaveText('Conjunto incluido (sin conexión)');
  expect(emojiChunks).toHaveLength(1);

  // the public landing page loads its own small script, not the back-office's chunks
  const publicAssets: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/assets/')) publicAssets.push(request.url());
  });
  await page.goto('/demo/landing/promo-demo');
  await expect(page.locator('[data-landing-form]').first()).toBeVisible();
  expect(publicAssets).toEqual([]);
});
