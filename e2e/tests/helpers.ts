import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const PASSWORD = 'e2e-password-123';

const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

/**
 * Saves the journey's last screen under e2e/artifacts/ (gitignored): the whole page, or with
 * `fullPage: false` what the viewport shows (a dialog over a long page, as the person sees it).
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: `${artifacts}${name}.png`, fullPage });
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

/** The Authorization header of the admin of `tenant`, signed in through the API. */
export async function adminHeaders(request: APIRequestContext, tenant: string) {
  const login = await request.post('/api/auth/login', {
    data: { tenant, username: 'admin', password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
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

/** `YYYY-MM-DDTHH:mm` in Costa Rica (the demo tenant's zone), shifted by minutes from now. */
export function crLocal(shiftMinutes: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Costa_Rica',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(Date.now() + shiftMinutes * 60_000));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

type Area = 'local' | 'session';

/**
 * Reads (or, given a value, writes) a sealed back-office value (the token, the tenant
 * configuration, the builder backup) as the web app does: AES-GCM under the key derived with HKDF
 * from the page's storage-key meta (decision 017, apps/web/src/lib/storage-crypto.ts). A read
 * answers null when the value is absent or does not decrypt.
 */
async function sealed(page: Page, key: string, area: Area, value?: string): Promise<string | null> {
  return page.evaluate(
    async ({ key, area, value }) => {
      const storage = area === 'local' ? localStorage : sessionStorage;
      const encoder = new TextEncoder();
      const secret = document.querySelector<HTMLMetaElement>('meta[name="storage-key"]')?.content ?? '';
      const material = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, [
        'deriveKey',
      ]);
      const cryptoKey = await crypto.subtle.deriveKey(
        {
          name: 'HKDF',
          hash: 'SHA-256',
          salt: encoder.encode('promo-web-storage'),
          info: encoder.encode('aes-gcm-256 v1'),
        },
        material,
        { name: 'AES-GCM', length: 256 },
        false,
        ['encrypt', 'decrypt'],
      );
      const toText = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const toBytes = (text: string) =>
        Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
      if (value !== undefined) {
        const iv = crypto.getRandomValues(new Uint8Array(12));
        const sealedValue = await crypto.subtle.encrypt(
          { name: 'AES-GCM', iv },
          cryptoKey,
          encoder.encode(value),
        );
        storage.setItem(key, `enc1.${toText(iv)}.${toText(new Uint8Array(sealedValue))}`);
        return value;
      }
      const stored = storage.getItem(key);
      if (!stored?.startsWith('enc1.')) return null;
      const [iv, text] = stored.slice('enc1.'.length).split('.');
      try {
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: toBytes(iv ?? '') },
          cryptoKey,
          toBytes(text ?? ''),
        );
        return new TextDecoder().decode(plain);
      } catch {
        return null;
      }
    },
    { key, area, value },
  );
}

export const readSealed = (page: Page, key: string, area: Area = 'local') => sealed(page, key, area);

/** Writes a sealed value; the app reads it when a page of it opens next. */
export async function writeSealed(page: Page, key: string, value: string, area: Area = 'local') {
  await sealed(page, key, area, value);
}

/** The back-office token the signed-in page holds (sealed in session or local storage). */
export async function storedToken(page: Page): Promise<string> {
  return (
    (await readSealed(page, 'promo.token', 'session')) ??
    (await readSealed(page, 'promo.token', 'local')) ??
    ''
  );
}

/**
 * From now on every API call the page makes with a token reaches the server with its signature
 * spoilt: the server refuses the session while the page's clock still accepts the token. `hold`
 * keeps a call of a method from leaving: for some milliseconds (a slow network), or until a
 * promise settles (an answer that must come back after something else happened).
 */
export async function refuseSessionFromNowOn(
  page: Page,
  hold: (method: string) => number | Promise<unknown> = () => 0,
) {
  const refused: string[] = [];
  await page.route('**/api/**', async (route) => {
    const headers = route.request().headers();
    if (!headers.authorization) return route.continue();
    refused.push(route.request().method());
    const held = hold(route.request().method());
    await (typeof held === 'number' ? new Promise((resolve) => setTimeout(resolve, held)) : held);
    await route.continue({
      headers: { ...headers, authorization: `${headers.authorization.slice(0, -4)}AAAA` },
    });
  });
  return refused;
}

/** Opens the landings of the demo tenant's sample campaign (the raffle 'promo-demo') in the builder. */
export async function openDemoLandings(page: Page) {
  await page.goto('/demo/builder');
  await page.getByRole('combobox', { name: 'Campaña' }).click();
  await page
    .getByRole('option', { name: /promo-demo/ })
    .first()
    .click();
}

/** Opens the builder of the demo tenant, creates a landing of the sample campaign and opens it. */
export async function openNewDemoLanding(page: Page, landingName: string) {
  await openDemoLandings(page);
  await page.getByTestId('new-landing-name').fill(landingName);
  await page.getByRole('button', { name: 'Crear landing' }).click();
  await page.getByRole('link', { name: landingName }).click();
}
