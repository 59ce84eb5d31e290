import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page } from '@playwright/test';

/** Checks the public-page specs share: opening a page offline, touch targets, accessibility. */

// a 1×1 PNG for every map tile (this machine has no internet)
export const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A public page in a fresh context at `size` (touch on phones), every https request answered offline. */
export async function openPage(
  browser: Browser,
  url: string,
  size: { width: number; height: number },
  options = {},
) {
  const context = await browser.newContext({
    viewport: size,
    locale: 'es-CR',
    hasTouch: size.width < 500,
    ...options,
  });
  const page = await context.newPage();
  await page.route(/^https:\/\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  return { context, page };
}

/** Interactive controls whose touch area (the control, with its labels) is under 44 × 44 px. */
export function smallTargets(page: Page) {
  return page.evaluate(() => {
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      '.lp-page :is(button, a[href], select, input, textarea)',
    );
    for (const control of Array.from(controls)) {
      const own = control.getBoundingClientRect();
      if (own.width === 0 && own.height === 0) continue;
      // WCAG's inline exception: a link inside a line of text (the map's attribution)
      if (control.tagName === 'A' && getComputedStyle(control).display === 'inline') continue;
      let [top, right, bottom, left] = [own.top, own.right, own.bottom, own.left];
      // a label of the control (or the check row around a check box) focuses it too
      const areas = [
        ...Array.from((control as HTMLInputElement).labels ?? []),
        ...(control.closest('.lp-check') ? [control.closest('.lp-check') as HTMLElement] : []),
      ];
      for (const area of areas) {
        const r = area.getBoundingClientRect();
        [top, right, bottom, left] = [
          Math.min(top, r.top),
          Math.max(right, r.right),
          Math.max(bottom, r.bottom),
          Math.min(left, r.left),
        ];
      }
      if (bottom - top < 44 || right - left < 44)
        small.push(
          `${control.tagName.toLowerCase()}#${control.id} ${Math.round(right - left)}×${Math.round(bottom - top)}`,
        );
    }
    return small;
  });
}

/** Serious or critical accessibility faults axe finds on the page (or in the part `include` selects). */
export async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The standard form's date of birth (1 May 1990), province (San José) and consent, as a person fills them. */
export async function fillBirthdateProvinceAndConsent(page: Page) {
  await page.getByLabel('Fecha de nacimiento').selectOption('01');
  await page.getByTitle('Mes').selectOption({ label: 'mayo' });
  await page.getByTitle('Año').selectOption('1990');
  await page.getByLabel('Provincia').selectOption('San José');
  await page.getByLabel('Acepto los términos y condiciones').check();
}
