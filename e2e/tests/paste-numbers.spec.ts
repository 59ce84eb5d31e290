import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  standardFormPage,
  thankYouPage,
} from '../../apps/server/src/features/landings/fixtures/standard-page.ts';
import { PASSWORD } from './helpers.ts';

// A person pastes an identity number and a phone as printed on a card ("1-0234-0567",
// "+506 8888 7777") into the landing's masked inputs: nothing is cut before the mask drops the
// separators and the country's calling code.

async function publishedGroup(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { username: 'admin', password: PASSWORD, tenant: 'demo' },
  });
  const auth = { authorization: `Bearer ${(await login.json()).token as string}` };
  const campaigns = await (await request.get('/api/campaigns?q=promo-demo', { headers: auth })).json();
  const campaignId = campaigns.items[0].id as string;
  const ids: string[] = [];
  for (const [name, document] of [
    ['Registro', standardFormPage('Pegar números')],
    ['Gracias', thankYouPage()],
  ] as const) {
    const created = await request.post('/api/landing-pages', {
      headers: auth,
      data: { name, campaignId, document },
    });
    const { id } = await created.json();
    expect((await request.post(`/api/landing-pages/${id}/publish`, { headers: auth })).status()).toBe(200);
    ids.push(id);
  }
  const group = `pegar-${Date.now().toString(36)}`;
  const made = await request.post('/api/landing-group', {
    headers: auth,
    data: { name: group, landingIds: ids },
  });
  expect(made.status()).toBe(201);
  return group;
}

/** Pastes text into a field through the clipboard, as a person does. */
async function paste(page: Page, label: string, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.getByLabel(label).focus();
  await page.keyboard.press('ControlOrMeta+V');
}

for (const timezoneId of ['UTC', 'America/Panama']) {
  test.describe(`browser in ${timezoneId}`, () => {
    test.use({ timezoneId, permissions: ['clipboard-read', 'clipboard-write'] });
    test('an identity number and a phone pasted as printed keep every digit', async ({ page, request }) => {
      const group = await publishedGroup(request);
      await page.goto(`/demo/landing/${group}`);
      await expect(page.getByRole('heading', { name: 'Pegar números' })).toBeVisible();
      await paste(page, 'Cédula', '1-0234-0567');
      await expect(page.getByLabel('Cédula')).toHaveValue('1-0234-0567');
      await paste(page, 'Teléfono', '+506 8888 7777');
      await expect(page.getByLabel('Teléfono')).toHaveValue('8888-7777');
      await page.getByLabel('Teléfono').blur();
      await expect(page.locator('#in-phone-error')).toHaveCount(0);
      // pasted without separators too
      await page.getByLabel('Cédula').fill('');
      await paste(page, 'Cédula', '102340567');
      await expect(page.getByLabel('Cédula')).toHaveValue('1-0234-0567');
    });
  });
}
