import { expect, type Page, test } from '@playwright/test';
import { crLocal, PASSWORD, saveScreenshot, signIn } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const TENANT = 'demo';
const suffix = Date.now().toString(36);
const CAMPAIGN = `rifa-e2e-${suffix}`;
const TITLE = `Rifa E2E ${suffix}`;
const randomCedula = () =>
  `${1 + Math.floor(Math.random() * 9)}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const VALID = randomCedula();
const BLACKLISTED = randomCedula();
const MINOR = randomCedula();

function answers(cedula: string, birthdate: string) {
  return {
    answers: {
      cedula,
      name: 'Persona de Prueba',
      email: `p${cedula}@example.com`,
      phone: '88887777',
      birthdate,
      sex: 'female',
      department: 'San José',
    },
    consent: true,
  };
}

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('an admin sets up a campaign, people participate or are refused, and the statistics count them', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, { tenant: TENANT, username: 'admin' });

  // Create the campaign (a raffle in Costa Rica, open from an hour ago for a week).
  await page.getByRole('navigation').getByRole('link', { name: 'Campañas', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Campañas', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva campaña' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Identificador').fill(CAMPAIGN);
  await dialog.getByLabel('Título').fill(TITLE);
  await expect(dialog.getByRole('combobox', { name: 'Tipo' })).toHaveValue('Rifa');
  await pick(page, 'País', /\(CR\)/);
  await dialog.getByLabel(/^Inicio/).fill(crLocal(-60));
  await dialog.getByLabel(/^Fin/).fill(crLocal(7 * 24 * 60));
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText('Campaña creada. Ahora configure su formulario.')).toBeVisible();
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();

  // The standard form.
  await expect(page.getByRole('tab', { name: 'Formulario' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Agregar todos' }).click();
  await expect(page.getByTestId('form-issues')).toHaveCount(0);
  await page.getByRole('button', { name: 'Guardar formulario' }).click();
  await expect(page.getByText('Formulario guardado.')).toBeVisible();
  await saveScreenshot(page, '08a-campaign-form');

  // A minimum-age rule (18 years).
  await page.getByRole('tab', { name: 'Reglas' }).click();
  await page.getByRole('button', { name: 'Agregar regla' }).click();
  const ruleDialog = page.getByRole('dialog');
  await expect(ruleDialog.getByRole('combobox', { name: 'Regla' })).toHaveValue('Edad mínima');
  await expect(ruleDialog.getByLabel('Años')).toHaveValue('18');
  await ruleDialog.getByRole('button', { name: 'Agregar regla' }).click();
  await expect(page.getByText('Regla agregada.')).toBeVisible();
  await expect(page.getByRole('cell', { name: '18 años o más' })).toBeVisible();

  // Activate it.
  await page.getByRole('tab', { name: 'Estado' }).click();
  await page.getByRole('button', { name: 'Activar' }).click();
  await expect(page.getByText('Campaña activada.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Desactivar' })).toBeVisible();

  // Blacklist an identity number through the screen.
  await page.getByRole('navigation').getByRole('link', { name: 'Lista negra' }).click();
  await page.getByRole('button', { name: 'Agregar a la lista negra' }).click();
  const blacklistDialog = page.getByRole('dialog');
  await blacklistDialog.getByLabel('Valor').fill(BLACKLISTED);
  await blacklistDialog.getByLabel('Motivo').fill('Fraude comprobado en una campaña anterior');
  await blacklistDialog.getByRole('button', { name: 'Agregar a la lista negra' }).click();
  await expect(page.getByText('Agregado a la lista negra.')).toBeVisible();
  await expect(page.getByRole('cell', { name: BLACKLISTED, exact: true })).toBeVisible();

  // Participations through the public API.
  const url = `/api/public/${TENANT}/campaigns/${CAMPAIGN}/participations`;
  const accepted = await request.post(url, { data: answers(VALID, '1990-04-12') });
  expect(accepted.status(), await accepted.text()).toBe(201);
  expect(((await accepted.json()) as { outcome: { kind: string } }).outcome.kind).toBe('raffle');

  const blacklisted = await request.post(url, { data: answers(BLACKLISTED, '1985-01-20') });
  expect(blacklisted.status()).toBe(422);
  const refusal = (await blacklisted.json()) as { error: { code: string; message: string } };
  expect(refusal.error.code).toBe('PARTICIPATION_NOT_ACCEPTED');
  expect(refusal.error.message).toBe(
    'No podemos aceptar su participación en esta promoción. Si cree que se trata de un error, comuníquese con el organizador.',
  );

  const minorBirthdate = `${new Date().getFullYear() - 15}-01-01`;
  const minor = await request.post(url, { data: answers(MINOR, minorBirthdate) });
  expect(minor.status()).toBe(422);
  const underage = (await minor.json()) as { error: { code: string; message: string } };
  expect(underage.error.code).toBe('UNDERAGE');
  expect(underage.error.message).toBe('Solo pueden participar personas mayores de edad.');

  // The statistics dashboard counts the one accepted participation.
  await page.getByRole('navigation').getByRole('link', { name: 'Estadísticas' }).click();
  await expect(page.getByRole('heading', { name: 'Estadísticas', level: 1 })).toBeVisible();
  await pick(page, 'Campaña', new RegExp(CAMPAIGN));
  await expect(page.getByTestId('stat-participations')).toHaveText('1');
  await expect(page.getByTestId('stat-participants')).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Participaciones por día' })).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await saveScreenshot(page, '08-campaign-statistics');
});

test('an admin groups the campaign, uploads people from a CSV and looks a person up', async ({ page }) => {
  await signIn(page, { tenant: TENANT, username: 'admin' });

  await page.getByRole('navigation').getByRole('link', { name: 'Grupos de campañas' }).click();
  await page.getByRole('button', { name: 'Nuevo grupo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre').fill(`Grupo ${suffix}`);
  await dialog.getByRole('combobox', { name: 'Campañas' }).click();
  await page.getByRole('option', { name: new RegExp(CAMPAIGN) }).click();
  await dialog.getByLabel('Nombre').click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText('Grupo creado.')).toBeVisible();
  await page.getByRole('button', { name: `Acciones de Grupo ${suffix}` }).click();
  await page.getByRole('menuitem', { name: 'Estadísticas' }).click();
  await expect(page.getByTestId('stat-participations')).toHaveText('1');

  await page.getByRole('navigation').getByRole('link', { name: 'CRM (personas)' }).click();
  await page.getByRole('tab', { name: 'Carga CSV' }).click();
  const csv = [
    'cedula,name,email,phone,birthdate,sex,department',
    `${randomCedula()},Carla Carga,carla@example.com,88881111,1991-02-03,female,Cartago`,
    'abc-123,Mala Fila,no-es-correo,12,1991-02-03,female,Cartago',
  ].join('\n');
  await page.locator('input[type=file]').setInputFiles({
    name: 'personas.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  // all or nothing by default: the good row goes in only when the valid rows are chosen
  await page.getByRole('switch', { name: 'Importar solo las filas válidas' }).check();
  await page.getByRole('button', { name: 'Cargar' }).click();
  const report = page.getByTestId('upload-report');
  await expect(report.getByText('2 filas')).toBeVisible();
  await expect(report.getByText('1 creada', { exact: true })).toBeVisible();
  await expect(report.getByText('1 rechazada')).toBeVisible();
  await expect(report.getByRole('cell', { name: '3', exact: true }).first()).toBeVisible();

  // Someone else types the person's number with other details: kept apart, shown as a discrepancy.
  const other = answers(VALID, '1990-04-12');
  other.answers = { ...other.answers, name: 'Otra Persona', email: 'otra.persona@example.net' };
  const typed = await page.request.post(`/api/public/${TENANT}/campaigns/${CAMPAIGN}/participations`, {
    data: other,
  });
  expect(typed.status(), await typed.text()).toBe(201);

  await page.getByRole('tab', { name: 'Consultar' }).click();
  await page.getByLabel('Cédula').fill(VALID);
  await page.getByRole('button', { name: 'Consultar', exact: true }).click();
  await expect(page.getByRole('cell', { name: new RegExp(CAMPAIGN) }).first()).toBeVisible();
  await expect(page.getByText(`p${VALID}@example.com`)).toBeVisible();
  const claims = page.getByTestId('claims');
  await expect(claims.getByText('otra.persona@example.net')).toBeVisible();
  await expect(claims.getByText('Otra Persona')).toBeVisible();
  await saveScreenshot(page, '09-crm-lookup-claims');
  // on a phone: the discrepancies scroll inside their box, the page does not
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('tab', { name: 'Consultar' }).click();
  await page.getByLabel('Cédula').fill(VALID);
  await page.getByRole('button', { name: 'Consultar', exact: true }).click();
  await expect(claims.getByText('Otra Persona')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, '09-crm-lookup-claims-390');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByLabel('Cédula').fill('000');
  await page.getByRole('button', { name: 'Consultar', exact: true }).click();
  await expect(page.getByTestId('lookup-error')).toHaveText(
    'El número de identificación no existe o no es válido.',
  );
  await saveScreenshot(page, '09-crm-lookup');
});

test('an ANALYST reads campaigns without write buttons', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', {
    data: { tenant: TENANT, username: 'admin', password: PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const created = await request.post('/api/users/register', {
    headers: { Authorization: `Bearer ${token}` },
    data: { username: `analista-${suffix}`, password: 'analista-pass-2', role: 'ANALYST' },
  });
  expect(created.status()).toBe(201);

  await signIn(page, { tenant: TENANT, username: `analista-${suffix}`, password: 'analista-pass-2' });
  await page.getByRole('navigation').getByRole('link', { name: 'Campañas', exact: true }).click();
  await expect(page.getByRole('link', { name: CAMPAIGN, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nueva campaña' })).toHaveCount(0);
  await page.getByRole('link', { name: CAMPAIGN, exact: true }).click();
  await page.getByRole('tab', { name: 'Reglas' }).click();
  await expect(page.getByRole('cell', { name: 'Edad mínima' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar regla' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Estado' }).click();
  await expect(page.getByRole('button', { name: 'Desactivar' })).toHaveCount(0);
  await page.getByRole('navigation').getByRole('link', { name: 'Lista negra' }).click();
  // an analyst sees identity numbers masked: the last digits only
  const masked = new RegExp(`^•+${BLACKLISTED.slice(-3)}$`);
  await expect(page.getByRole('cell', { name: masked })).toBeVisible();
  await expect(page.getByRole('cell', { name: BLACKLISTED, exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Agregar a la lista negra' })).toHaveCount(0);
  await saveScreenshot(page, '10-analyst-read-only');
});
