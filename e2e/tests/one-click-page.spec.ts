import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { contrastRatio } from '../../packages/contract/src/contrast.ts';
import { createCampaign } from './api-setup.ts';
import { adminHeaders, saveScreenshot, signIn } from './helpers.ts';
import { fillBirthdateProvinceAndConsent, seriousViolations } from './public-page-checks.ts';

/**
 * Issue 44: the guided path's "Crear y publicar la página" is a whole journey. One click (or a
 * double click) publishes the form page and the thank-you page as one group; a person who takes
 * part lands on the thank-you page with the share buttons and, on a points campaign, the way to
 * the shop (a button that reads); what they share is the form page, with an invitation.
 */

const TENANT = 'demo';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** A person on a phone (a fresh context: nothing of the admin's) at `url`. */
async function visitor(browser: Browser, url: string, size = PHONE) {
  const context = await browser.newContext({
    viewport: size,
    locale: 'es-CR',
    hasTouch: size.width < 500,
    isMobile: size.width < 500,
  });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

/** The text and background colours an element is painted with, as `#rrggbb`. */
function paintedColours(element: Locator) {
  return element.evaluate((node) => {
    const hex = (css: string) =>
      `#${(css.match(/\d+/g) ?? [])
        .slice(0, 3)
        .map((c) => Number(c).toString(16).padStart(2, '0'))
        .join('')}`;
    const style = getComputedStyle(node);
    return { text: hex(style.color), background: hex(style.backgroundColor) };
  });
}

/** Takes part on the standard form, as a person fills it. */
async function takePart(page: Page) {
  await page.getByLabel('Cédula').pressSequentially(`1${String(Date.now()).slice(-8)}`);
  await page.getByLabel('Nombre completo').fill('Ana Compartida');
  await page.getByLabel('Teléfono').pressSequentially('88887777');
  await fillBirthdateProvinceAndConsent(page);
  await page.getByRole('button', { name: 'Sumar mis puntos' }).click();
}

test('a double click on "Crear y publicar la página" publishes one group: the form page, then the thank-you page', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  const name = `un-clic-${suffix}`;
  const title = `Club de puntos ${suffix}`;
  const headers = await adminHeaders(request, TENANT);
  const campaignId = await createCampaign(
    request,
    headers,
    {
      name,
      title,
      kind: 'points',
      startsAt: inHours(-1),
      endsAt: inHours(24 * 7),
      settings: { pointsPerParticipation: 10 },
    },
    { active: false },
  );

  await page.setViewportSize(DESKTOP);
  await signIn(page, { tenant: TENANT, username: 'admin' });
  await page.goto(`/${TENANT}/pages/campaigns/${campaignId}`);
  const path = page.getByRole('region', { name: 'Puesta en marcha' });
  const landing = path.locator('[data-step="landing"]');
  const create = landing.getByRole('button', { name: 'Crear y publicar la página' });
  await expect(create).toBeEnabled();
  await saveScreenshot(page, 'one-click-page-desktop');
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, 'one-click-page-phone');
  await page.setViewportSize(DESKTOP);

  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/landing-')) sent.push(r.url());
  });
  await create.dblclick();
  await expect(page.getByText(`Página publicada en /${TENANT}/landing/${name}`).first()).toBeVisible();
  await expect(landing).toContainText('Listo');
  await expect(landing.getByRole('link', { name: 'Ver la página publicada' })).toHaveAttribute(
    'href',
    `/${TENANT}/landing/${name}`,
  );
  // one group of two published pages, whatever the double click sent
  const groups = (await (await request.get('/api/landing-group', { headers })).json()) as {
    campaignId: string;
    landingIds: string[];
  }[];
  const own = groups.filter((group) => group.campaignId === campaignId);
  expect(own).toHaveLength(1);
  const landings = (await (
    await request.get(`/api/landing-pages?campaignId=${campaignId}`, { headers })
  ).json()) as { id: string; publishedVersion: number | null }[];
  expect(landings).toHaveLength(2);
  expect(landings.every((l) => l.publishedVersion === 1)).toBe(true);
  expect(new Set(own[0]?.landingIds)).toEqual(new Set(landings.map((l) => l.id)));
  // the button sent one request, in one call: the server made both pages and the group
  expect(sent).toEqual([expect.stringMatching(new RegExp(`/api/campaigns/${campaignId}/landing-group$`))]);
  await saveScreenshot(page, 'one-click-page-published-desktop');
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, 'one-click-page-published-phone');

  await path.getByRole('button', { name: 'Poner en marcha' }).click();
  await expect(page.getByText('Campaña activada.')).toBeVisible();

  // a person takes part on a phone and lands on the thank-you page
  const person = await visitor(browser, `/${TENANT}/landing/${name}`);
  await expect(person.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await takePart(person.page);
  await expect(person.page).toHaveURL(new RegExp(`/${TENANT}/landing/${name}\\?page=2$`));
  await expect(person.page.getByRole('heading', { name: '¡Puntos sumados!', level: 1 })).toBeVisible();
  const share = person.page.getByRole('group', { name: 'Compartir' });
  await expect(share.getByRole('link', { name: /WhatsApp/ })).toBeVisible();
  const shop = person.page.getByRole('link', { name: 'Cambiar mis puntos en la tienda' });
  await expect(shop).toHaveAttribute('href', `/${TENANT}/marketplace-authentication/${name}`);
  // the shop button is seen: its text reads on its own colour (it was the link blue on the button blue)
  const colours = await paintedColours(shop);
  expect(colours.background).not.toBe(colours.text);
  expect(contrastRatio(colours.text, colours.background), JSON.stringify(colours)).toBeGreaterThanOrEqual(
    4.5,
  );
  expect(await seriousViolations(person.page)).toEqual([]);
  // the "registered" toast leaves after 4 s: the page as it stays
  await person.page.locator('.lp-toast').first().waitFor({ state: 'detached' });
  await saveScreenshot(person.page, 'one-click-thanks-phone');
  await person.page.setViewportSize(DESKTOP);
  await saveScreenshot(person.page, 'one-click-thanks-desktop');

  // what the person shares is the form page, with an invitation: a friend who opens it can take part
  const whatsapp = new URL((await share.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')) ?? '');
  const formUrl = new URL(`/${TENANT}/landing/${name}`, person.page.url()).href;
  expect(whatsapp.searchParams.get('text')).toBe(`Participe en ${title} ${formUrl}`);
  const copied = await share.getByRole('button', { name: 'Copiar enlace' }).getAttribute('data-share-copy');
  expect(copied).toBe(formUrl);
  await person.context.close();
  const friend = await visitor(browser, copied ?? '');
  await expect(friend.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(friend.page.getByLabel('Cédula')).toBeVisible();
  await expect(friend.page.getByRole('button', { name: 'Sumar mis puntos' })).toBeVisible();
  await expect(friend.page.getByText('¡Puntos sumados!')).toHaveCount(0);
  await friend.context.close();
});
