import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'e2e-password-123';

const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

/** Saves the journey's last screen under e2e/artifacts/ (gitignored). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: `${artifacts}${name}.png`, fullPage: true });
}

/** Signs in through the login screen of `tenant` (or the platform login) and waits for the panel. */
export async function signIn(page: Page, options: { tenant?: string; username: string; password?: string }) {
  await page.goto(options.tenant ? `/${options.tenant}/login` : '/login');
  await page.getByLabel('Usuario', { exact: true }).fill(options.username);
  await page.getByLabel('Contraseña', { exact: true }).fill(options.password ?? PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  const panel = options.tenant ? `/${options.tenant}/pages` : '/pages';
  // An OPERATOR lands on the counter, everybody else on the panel.
  await expect(page).toHaveURL(new RegExp(`${panel}(/counter)?$`));
}

/** Picks an option of a Mantine Select by its label and the option text. */
export async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The stored back-office keys (see apps/web/src/lib/session-storage.ts). */
export async function storedSessionKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const keys: string[] = [];
    for (const storage of [localStorage, sessionStorage]) {
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index);
        if (key?.startsWith('promo.') && key !== 'promo.locale') keys.push(key);
      }
    }
    return keys;
  });
}

/** Opens the builder of the demo tenant, creates a landing of the sample campaign and opens it. */
export async function openNewDemoLanding(page: Page, landingName: string) {
  await page.goto('/demo/builder');
  await page.getByRole('combobox', { name: 'Campaña' }).click();
  await page
    .getByRole('option', { name: /promo-demo/ })
    .first()
    .click();
  await page.getByTestId('new-landing-name').fill(landingName);
  await page.getByRole('button', { name: 'Crear landing' }).click();
  await page.getByRole('link', { name: landingName }).click();
}
