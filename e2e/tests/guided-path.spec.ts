import { expect, test } from '@playwright/test';
import { crLocal, PASSWORD, signIn } from './helpers.ts';

const TENANT = 'demo';

// Issue #15: a first-time admin takes a reward-code campaign live through the guided path (form,
// public page, centres, activation) without leaving the campaign's page; the browser is in UTC.
test.use({ timezoneId: 'UTC' });

test('a first-time admin creates a reward-code campaign, publishes its page and activates it on the guided path', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  const name = `codigos-${suffix}`;
  const title = `Códigos ${suffix}`;
  // the tenant has a redemption centre already (the path links to the campaign's centre picker)
  const login = await request.post('/api/auth/login', {
    data: { tenant: TENANT, username: 'admin', password: PASSWORD },
  });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const centreName = `Centro guiado ${suffix}`;
  const centre = await request.post('/api/redemption-centres', {
    headers,
    data: {
      code: String(100_000 + Math.floor(Math.random() * 800_000)),
      name: centreName,
      latitude: 9.93,
      longitude: -84.08,
    },
  });
  expect(centre.status(), await centre.text()).toBe(201);

  await signIn(page, { tenant: TENANT, username: 'admin' });
  await page.getByRole('navigation').getByRole('link', { name: 'Campañas', exact: true }).click();
  await page.getByRole('button', { name: 'Nueva campaña' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Identificador').fill(name);
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Código de premio' }).click();
  await dialog.getByRole('combobox', { name: 'País' }).click();
  await page
    .getByRole('option', { name: /\(CR\)/ })
    .first()
    .click();
  await dialog.getByLabel(/^Inicio/).fill(crLocal(-60));
  await dialog.getByLabel(/^Fin/).fill(crLocal(7 * 24 * 60));
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // The path: what is missing, in order; activation names what blocks it.
  const path = page.getByRole('region', { name: 'Puesta en marcha' });
  await expect(path).toBeVisible();
  const step = (key: string) => path.locator(`[data-step="${key}"]`);
  await expect(step('form')).toContainText('Obligatorio');
  await expect(step('centres')).toContainText('Obligatorio');
  await expect(path.getByRole('button', { name: 'Poner en marcha' })).toBeDisabled();
  await expect(path.getByRole('status')).toHaveText(
    'Para activar falta: Formulario de participación, Centros de canje.',
  );

  // 1. The form (the tab the path opens).
  await step('form').getByRole('button', { name: 'Editar el formulario' }).click();
  await expect(page.getByRole('tab', { name: 'Formulario' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Agregar todos' }).click();
  await page.getByRole('button', { name: 'Guardar formulario' }).click();
  await expect(page.getByText('Formulario guardado.')).toBeVisible();
  await expect(step('form')).toContainText('Listo');

  // 2. The public page, made from the form and published in one step.
  await step('landing').getByRole('button', { name: 'Crear y publicar la página' }).click();
  await expect(page.getByText(`Página publicada en /${TENANT}/landing/${name}`)).toBeVisible();
  await expect(step('landing')).toContainText('Listo');
  const published = step('landing').getByRole('link', { name: 'Ver la página publicada' });
  await expect(published).toHaveAttribute('href', `/${TENANT}/landing/${name}`);

  // 3. Where the codes are redeemed (the Datos tab the path opens).
  await step('centres').getByRole('button', { name: 'Elegir centros' }).click();
  await expect(page.getByRole('tab', { name: 'Datos' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('combobox', { name: 'Centros de canje' }).click();
  await page.getByRole('option', { name: new RegExp(centreName) }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Guardar' }).click();
  await expect(step('centres')).toContainText('Listo');

  // 4. Live.
  await expect(path.getByRole('status')).toHaveText('Todo lo obligatorio está listo.');
  await path.getByRole('button', { name: 'Poner en marcha' }).click();
  await expect(page.getByText('Campaña activada.')).toBeVisible();
  await expect(path).toHaveCount(0);

  // The page people see is the one the path published, with the campaign's form.
  const visitor = await page.context().newPage();
  await visitor.goto(`/${TENANT}/landing/${name}`);
  await expect(visitor.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(visitor.getByLabel('Cédula')).toBeVisible();
  // the reward-code template's send button
  await expect(visitor.getByRole('button', { name: 'Obtener mi código' })).toBeVisible();
});
