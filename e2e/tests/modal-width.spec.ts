import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

// Spec §2 and §9: a modal is 50% of the screen wide, 95% on a phone. Measured on the rendered box.
for (const screen of [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, share: 0.5 },
  { name: 'phone', viewport: { width: 390, height: 844 }, share: 0.95 },
]) {
  test.describe(`on a ${screen.name} screen`, () => {
    test.use({ viewport: screen.viewport });

    test(`a modal is ${screen.share * 100}% of the viewport wide`, async ({ page }) => {
      await signIn(page, { tenant: 'demo', username: 'admin' });
      await page.goto('/demo/pages/users');
      await page.getByRole('button', { name: 'Nuevo usuario' }).click();
      const box = await page.getByRole('dialog').boundingBox();
      expect(box).not.toBeNull();
      // within 2 px (sub-pixel rounding); before the fix it was 45% and 85.5% (576 and 333 px)
      expect(Math.abs((box?.width ?? 0) - screen.viewport.width * screen.share)).toBeLessThanOrEqual(2);
    });
  });
}
