import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { createCampaign, participate, personAnswers } from './api-setup.ts';
import { adminHeaders, saveScreenshot, signIn } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const TENANT = 'demo';
const suffix = Date.now().toString(36);
const CAMPAIGN = `codigos-e2e-${suffix}`;
const TITLE = `Códigos E2E ${suffix}`;
const CENTRE_CODE = String(200_000 + Math.floor(Math.random() * 700_000));
const CENTRE_NAME = `Centro E2E ${suffix}`;
const OPERATOR = `cajero-${suffix}`;
const OPERATOR_PASSWORD = 'cajero-pass-1';
let redeemedCode = '';
let journeyCampaignId = '';
const CEDULA = `${1 + Math.floor(Math.random() * 9)}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** An operator's own browser: a phone-sized window (360 px wide) signed in at the counter. */
async function operatorAtCounter(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'es-ES',
    timezoneId: 'America/Costa_Rica',
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(`/${TENANT}/login`);
  await page.getByLabel('Usuario', { exact: true }).fill(OPERATOR);
  await page.getByLabel('Contraseña', { exact: true }).fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  // The counter is the operator's home, with the one input focused.
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/pages/counter$`));
  await expect(page.getByRole('heading', { name: 'Mostrador', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Código o número de identificación')).toBeFocused();
  return page;
}

test('a person gets a code, an operator redeems it once at the counter, the admin reconciles', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const headers = await adminHeaders(request, TENANT);

  // The admin creates the redemption centre through the screen; the server checks the coordinates.
  await signIn(page, { tenant: TENANT, username: 'admin' });
  await page.getByRole('navigation').getByRole('link', { name: 'Centros', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Centros de canje', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo centro' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Código', exact: true }).fill(CENTRE_CODE);
  await dialog.getByRole('textbox', { name: 'Nombre', exact: true }).fill(CENTRE_NAME);
  await dialog.getByRole('textbox', { name: 'Latitud' }).fill('95');
  await dialog.getByRole('textbox', { name: 'Longitud' }).fill('-84.0795');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByText('Las coordenadas no son válidas.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Latitud' }).fill('9.9325');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText('Centro creado.')).toBeVisible();
  await expect(page.getByRole('cell', { name: CENTRE_NAME, exact: true })).toBeVisible();

  const centres = await request.get(`/api/redemption-centres?q=${CENTRE_CODE}`, { headers });
  const centre = ((await centres.json()) as { items: { id: string; code: string }[] }).items.find(
    (item) => item.code === CENTRE_CODE,
  );
  expect(centre).toBeDefined();
  const centreId = centre?.id as string;

  // A reward-code campaign in Costa Rica, open and redeemable around now, at that centre.
  const campaignId = await createCampaign(request, headers, {
    name: CAMPAIGN,
    title: TITLE,
    kind: 'reward_code',
    startsAt: inHours(-1),
    endsAt: inHours(24 * 7),
    redeemFrom: inHours(-1),
    redeemUntil: inHours(24 * 7),
    settings: { centreIds: [centreId] },
  });
  const generated = await request.post('/api/reward-codes', { headers, data: { campaignId, count: 5 } });
  expect(generated.status(), await generated.text()).toBe(201);
  expect(((await generated.json()) as { generated: number }).generated).toBe(5);

  // The operator of that centre.
  const operator = await request.post('/api/users/register', {
    headers,
    data: { username: OPERATOR, password: OPERATOR_PASSWORD, role: 'OPERATOR', centreId },
  });
  expect(operator.status(), await operator.text()).toBe(201);

  // A person participates and gets a code.
  const outcome = await participate(request, TENANT, CAMPAIGN, personAnswers(CEDULA, 'Carla Canje'));
  expect(outcome.kind).toBe('reward_code');
  const code = outcome.code;
  redeemedCode = code;
  journeyCampaignId = campaignId;
  expect(code).toMatch(/^[A-Z0-9]{12,}$/);

  // Two counters of the centre: the second one looks the code up before the first redeems it.
  const counter = await operatorAtCounter(browser, baseURL);
  const other = await operatorAtCounter(browser, baseURL);
  const otherInput = other.getByLabel('Código o número de identificación');
  await otherInput.fill(code.toLowerCase());
  await otherInput.press('Enter');
  await expect(other.getByTestId('code-status')).toHaveText('Asignado');
  await expect(other.getByRole('button', { name: 'Canjear' })).toBeEnabled();

  // The first counter finds the code by identity number and redeems it.
  const input = counter.getByLabel('Código o número de identificación');
  await input.fill(CEDULA);
  await expect(counter.getByText('Se buscará como número de identificación')).toBeVisible();
  await input.press('Enter');
  await expect(counter.getByTestId('counter-code')).toContainText(code);
  await expect(counter.getByTestId('counter-person')).toContainText('Carla Canje');
  await expect(counter.getByTestId('code-status')).toHaveText('Asignado');
  const redeem = counter.getByRole('button', { name: 'Canjear' });
  await expect(redeem).toBeEnabled();
  await expect(redeem).toBeFocused();
  await redeem.click();
  await expect(counter.getByTestId('counter-success')).toContainText('Canje realizado');
  await expect(counter.getByTestId('code-status')).toHaveText('Canjeado');
  // only the success speaks: the card read again follows it, without a red "ya fue canjeado"
  await expect(counter.getByRole('button', { name: 'Canjear' })).toBeDisabled();
  await expect(counter.getByTestId('counter-blocker')).toHaveCount(0);
  await expect(counter.getByRole('alert')).toHaveCount(0);
  await expect(counter.getByTestId('today-redemptions')).toContainText(code);
  // Nothing is wider than the phone's screen.
  const overflow = await counter.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await saveScreenshot(counter, '10-counter-redeemed');
  // the success alone, on a 390 px phone and a 1366 px counter screen
  for (const width of [390, 1366]) {
    await counter.setViewportSize({ width, height: 800 });
    await expect(counter.getByTestId('counter-success')).toBeVisible();
    await saveScreenshot(counter, `10-counter-redeemed-${width}`);
  }

  // The second counter's attempt is refused with the server's message (when and where).
  await other.getByRole('button', { name: 'Canjear' }).click();
  const refusal = other.getByTestId('counter-refusal');
  await expect(refusal).toContainText('ya fue canjeado');
  await expect(refusal).toContainText(CENTRE_NAME);
  await expect(other.getByTestId('code-status')).toHaveText('Canjeado');
  await saveScreenshot(other, '10b-counter-refused');
  // the same refusal on a 390 px phone and a 1366 px counter screen: the server's reason, no
  // horizontal scroll
  for (const width of [390, 1366]) {
    await other.setViewportSize({ width, height: 800 });
    await expect(refusal).toBeVisible();
    const wider = await other.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(wider).toBeLessThanOrEqual(0);
    await saveScreenshot(other, `10b-counter-refused-${width}`);
  }

  // Escape clears the counter and gives the input the focus back.
  await counter.keyboard.press('Escape');
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();
  await expect(counter.getByTestId('counter-code')).toHaveCount(0);

  // The admin downloads the redemptions report: the file lists the code at the centre.
  await page.getByRole('navigation').getByRole('link', { name: 'Reportes', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Reportes de conciliación', level: 1 })).toBeVisible();
  await expect(page.getByTestId('redemptions-list')).toContainText(code);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar Canjes (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  expect(csv).toContain(code);
  expect(csv).toContain(CENTRE_CODE);
  await saveScreenshot(page, '10c-reconciliation');

  await counter.context().close();
  await other.context().close();
});

test('the admin manages codes: counts, generation with a job, look-up, reversal; groups and settings', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(redeemedCode).not.toBe('');
  await signIn(page, { tenant: TENANT, username: 'admin' });

  // The campaign's codes: 5 generated, 1 redeemed.
  await page.goto(`/${TENANT}/pages/codes?campaign=${journeyCampaignId}`);
  await expect(page.getByRole('heading', { name: 'Códigos de premio', level: 1 })).toBeVisible();
  const summary = page.getByTestId('codes-summary');
  await expect(summary).toContainText('Generados5');
  await expect(summary).toContainText('Canjeados1');

  // Zero codes: the server's message on the field; a small count at once; a large one as a job.
  await page.getByLabel('Cantidad').fill('0');
  await page.getByRole('button', { name: 'Generar', exact: true }).click();
  await expect(page.getByText('La cantidad de códigos a generar debe ser mayor que cero.')).toBeVisible();
  await page.getByLabel('Cantidad').fill('3');
  await page.getByRole('button', { name: 'Generar', exact: true }).click();
  await expect(page.getByText(/3 códigos generados/)).toBeVisible();
  await expect(summary).toContainText('Generados8');
  await page.getByLabel('Cantidad').fill('20001');
  await page.getByRole('button', { name: 'Generar', exact: true }).click();
  const job = page.getByTestId('job-progress');
  await expect(job.getByRole('progressbar')).toBeVisible();
  await expect(job).toContainText('Terminado', { timeout: 60_000 });
  await expect(summary).toContainText('Generados20,009');
  await saveScreenshot(page, '11-codes-generated');

  // Look the redeemed code up and reverse its redemption with a reason.
  await page.getByLabel('Código', { exact: true }).fill(redeemedCode);
  await page.getByRole('button', { name: 'Consultar' }).click();
  const detail = page.getByTestId('code-detail');
  await expect(detail.getByTestId('code-status')).toHaveText('Canjeado');
  await detail.getByRole('button', { name: 'Reversar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Motivo').fill('Canje registrado por error');
  await dialog.getByRole('button', { name: 'Reversar' }).click();
  await expect(page.getByText('Canje reversado.')).toBeVisible();
  await expect(detail).toContainText('Canje registrado por error');
  await expect(detail.getByTestId('code-status')).not.toHaveText('Canjeado');

  // A centre group with the journey's centre.
  await page.getByRole('navigation').getByRole('link', { name: 'Grupos de centros' }).click();
  await page.getByRole('button', { name: 'Nuevo grupo' }).click();
  const groupDialog = page.getByRole('dialog');
  await groupDialog.getByRole('textbox', { name: 'Nombre', exact: true }).fill(`Grupo ${suffix}`);
  await groupDialog.getByRole('combobox', { name: 'Centros de canje' }).click();
  await page.getByRole('option', { name: new RegExp(CENTRE_NAME) }).click();
  // Close the picker's list (it stays open for more choices) before saving.
  await groupDialog.getByRole('textbox', { name: 'Nombre', exact: true }).click();
  await groupDialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText('Grupo creado.')).toBeVisible();
  await expect(page.getByRole('cell', { name: `Grupo ${suffix}`, exact: true })).toBeVisible();

  // Centres: a CSV with a good and a bad row, importing only the valid rows, gets a row-by-row
  // report; a centre with redemptions stays.
  await page.getByRole('navigation').getByRole('link', { name: 'Centros', exact: true }).click();
  await page.getByRole('button', { name: 'Cargar CSV' }).click();
  const other = String(Number(CENTRE_CODE) + 1);
  await page
    .getByRole('dialog')
    .locator('input[type=file]')
    .setInputFiles({
      name: 'centros.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `code,name,address,department,latitude,longitude,phone,hours,active\n${other},Centro CSV ${suffix},,San José,9.9,-84.1,,,true\n12AB,Malo,,San José,200,-84.1,,,true\n`,
      ),
    });
  await page.getByRole('dialog').getByRole('switch', { name: 'Importar solo las filas válidas' }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Cargar' }).click();
  const report = page.getByTestId('upload-report');
  await expect(report).toContainText('1 creada');
  await expect(report).toContainText('1 rechazada');
  await expect(report).toContainText('El código del centro de canje debe tener seis dígitos.');
  await saveScreenshot(page, '12-centres-upload');
  await page.keyboard.press('Escape');
  await page.getByLabel('Buscar').fill(CENTRE_CODE);
  await page.getByRole('button', { name: `Eliminar ${CENTRE_NAME}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(
    page.getByText('No se puede eliminar un centro que tiene canjes: desactívelo en su lugar.'),
  ).toBeVisible();

  // The campaign's data shows where its codes are redeemed; a new OPERATOR gets a centre picker.
  await page.goto(`/${TENANT}/pages/campaigns/${journeyCampaignId}?tab=data`);
  const settings = page.getByTestId('reward-code-settings');
  await expect(settings).toContainText(CENTRE_NAME);
  await page.getByRole('navigation').getByRole('link', { name: 'Usuarios' }).click();
  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Centro de canje' })).toBeVisible();
});
