import { expect, test } from '@playwright/test';
import {
  choose,
  PASSWORD,
  refuseSessionFromNowOn,
  saveScreenshot,
  signIn,
  storedSessionKeys,
  storedToken,
  writeSealed,
} from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const TENANT = 'acme';
const TENANT_ADMIN = 'acme-admin';
const TENANT_PASSWORD = 'acme-password-123';

test('platform admin signs in and creates a tenant with its admin', async ({ page }) => {
  await signIn(page, { username: 'superadmin' });
  await page.getByRole('navigation').getByRole('link', { name: 'Cuentas' }).click();
  await expect(page.getByRole('heading', { name: 'Cuentas', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'demo', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Nueva cuenta' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Identificador', { exact: true }).fill(TENANT);
  await dialog.getByLabel('Nombre', { exact: true }).first().fill('Acme Promociones');
  await choose(page, 'País', /\(CR\)/);
  const admin = dialog.getByRole('group', { name: 'Primer administrador' });
  await admin.getByLabel('Usuario', { exact: true }).fill(TENANT_ADMIN);
  await admin.getByLabel('Contraseña', { exact: true }).fill(TENANT_PASSWORD);
  await admin.getByLabel('Nombre', { exact: true }).fill('Ana Admin');
  await dialog.getByRole('button', { name: 'Crear' }).click();

  await expect(page.getByText('Cuenta Acme Promociones creada.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('cell', { name: TENANT, exact: true })).toBeVisible();
  await saveScreenshot(page, '01-tenant-created');
});

test('tenant admin signs in to the new tenant and creates an OPERATOR', async ({ page }) => {
  await signIn(page, { tenant: TENANT, username: TENANT_ADMIN, password: TENANT_PASSWORD });
  await expect(page.getByTestId('tenant-name')).toHaveText('Acme Promociones');
  await page.getByRole('navigation').getByRole('link', { name: 'Usuarios' }).click();
  await expect(page.getByRole('heading', { name: 'Usuarios', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Usuario', { exact: true }).fill('operador-1');
  await dialog.getByLabel('Contraseña', { exact: true }).fill('operador-pass-1');
  await choose(page, 'Rol', 'Operador');
  await dialog.getByLabel('Nombre', { exact: true }).fill('Óscar Operador');
  await dialog.getByRole('button', { name: 'Crear' }).click();

  await expect(page.getByText('Usuario creado.')).toBeVisible();
  const row = page.getByRole('row', { name: /operador-1/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Operador', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Acciones de operador-1' }).click();
  await page.getByRole('menuitem', { name: 'Ver detalles' }).click();
  const panel = page.getByRole('dialog', { name: 'Ver detalles' });
  await expect(panel.getByText('Óscar Operador')).toBeVisible();
  await saveScreenshot(page, '02-operator-created');
});

test('an admin hands out a reset link and the user sets a new password with it', async ({ page }) => {
  await signIn(page, { tenant: TENANT, username: TENANT_ADMIN, password: TENANT_PASSWORD });
  await page.getByRole('navigation').getByRole('link', { name: 'Usuarios' }).click();
  await page.getByRole('button', { name: 'Acciones de operador-1' }).click();
  await page.getByRole('menuitem', { name: 'Enlace para restablecer contraseña' }).click();
  const link = (await page.getByTestId('reset-link').textContent()) ?? '';
  expect(link).toMatch(new RegExp(`/${TENANT}/reset-password\\?uuid=`));

  await page.goto(link);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('operador-pass-2');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Su contraseña fue cambiada.')).toBeVisible();
  await page.getByRole('link', { name: 'Ir al inicio de sesión' }).click();
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/login$`));
  await signIn(page, { tenant: TENANT, username: 'operador-1', password: 'operador-pass-2' });
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
  await saveScreenshot(page, '02b-reset-link');
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/demo/login');
  await page.getByLabel('Usuario', { exact: true }).fill('admin');
  await page.getByLabel('Contraseña', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('El usuario o la contraseña son incorrectos!');
  await expect(page).toHaveURL(/\/demo\/login$/);
  await saveScreenshot(page, '03-wrong-password');
});

test('an expired token forces the logout on the next navigation', async ({ page }) => {
  await signIn(page, { tenant: 'demo', username: 'admin' });
  // No call in flight: the tampered token must be caught by the client's exp check, not a 401.
  await page.waitForLoadState('networkidle');
  const token = await storedToken(page);
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
  claims.exp = Math.floor(Date.now() / 1000) - 60;
  const expired = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
  await writeSealed(page, 'promo.token', expired, 'session');
  await page.evaluate(() => {
    localStorage.setItem('promo.landing-edit.home', '{"elements":[]}');
    sessionStorage.setItem('promo.build', '1');
  });
  expect(await storedSessionKeys(page)).toContain('promo.tenant-config');

  // the stored values are read when a page of the app opens: the next navigation opens one
  await page.goto('/demo/pages/profile');

  const toast = page.getByText('La sesión a finalizado!');
  await expect(toast).toBeVisible();
  await expect(page).toHaveURL(/\/demo\/login$/);
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  expect(await storedSessionKeys(page)).toEqual([]);
  await saveScreenshot(page, '04-expired-token');
  // The toast lasts 4 seconds.
  await expect(toast).toBeHidden({ timeout: 6_000 });
});

// The builder's forced-logout backup is covered by builder-journey.spec.ts (the real editor).

test('a 401 from the API closes open modals and forces the logout', async ({ page }) => {
  await signIn(page, { tenant: 'demo', username: 'admin' });
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // A wrong current password is reported on its field with the server's message.
  await dialog.getByLabel('Contraseña actual', { exact: true }).fill('wrong-password-1');
  await dialog.getByLabel('Nueva contraseña', { exact: true }).fill('another-password-1');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('La contraseña actual es incorrecta.')).toBeVisible();
  // A token the server refuses (bad signature) while the clock still considers it valid.
  await refuseSessionFromNowOn(page);
  await dialog.getByLabel('Contraseña actual', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Nueva contraseña', { exact: true }).fill('another-password-1');
  await dialog.getByRole('button', { name: 'Guardar' }).click();

  await expect(page.getByText('La sesión a finalizado!')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/demo\/login$/);
  expect(await storedSessionKeys(page)).toEqual([]);
  await saveScreenshot(page, '05-unauthorized-api');
});

test('an ANALYST opening the builder is sent to login', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', {
    data: { tenant: 'demo', username: 'admin', password: PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const created = await request.post('/api/users/register', {
    headers: { Authorization: `Bearer ${token}` },
    data: { username: 'analista-1', password: 'analista-pass-1', role: 'ANALYST' },
  });
  expect(created.status()).toBe(201);

  await signIn(page, { tenant: 'demo', username: 'analista-1', password: 'analista-pass-1' });
  await page.goto('/demo/builder');
  await expect(page).toHaveURL(/\/demo\/login$/);
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await saveScreenshot(page, '06-analyst-builder');
});

test('an unknown path lands on login', async ({ page }) => {
  await page.goto('/esto/no/existe');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await saveScreenshot(page, '07-unknown-path');
});
