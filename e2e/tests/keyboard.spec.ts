import { expect, test } from '@playwright/test';
import { PASSWORD, saveScreenshot } from './helpers.ts';

/**
 * The back-office with the keyboard only: sign in (Tab, typing, Enter), reach the users screen
 * from the navigation with Tab and Enter, open the form, fill it (a Select chosen with the arrow
 * keys) and create the user with Enter.
 */
test('an admin signs in and creates a user with the keyboard only', async ({ page }) => {
  await page.goto('/demo/login');
  // the user name field has the focus on arrival
  await expect(page.getByLabel('Usuario', { exact: true })).toBeFocused();
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/demo\/pages$/);

  // Tab through the page until the "Usuarios" link of the navigation has the focus
  const usersLink = page.getByRole('navigation').getByRole('link', { name: 'Usuarios' });
  for (let i = 0; i < 40 && !(await usersLink.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(usersLink).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Usuarios', level: 1 })).toBeVisible();

  const create = page.getByRole('button', { name: 'Nuevo usuario' });
  for (let i = 0; i < 40 && !(await create.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(create).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();

  // the first field has the focus; Tab walks the form in order
  await expect(dialog.getByLabel('Usuario', { exact: true })).toBeFocused();
  await page.keyboard.type('teclado-1');
  await page.keyboard.press('Tab');
  await page.keyboard.type('teclado-pass-1');
  const role = dialog.getByRole('combobox', { name: 'Rol' });
  for (let i = 0; i < 10 && !(await role.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(role).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: 'Analista' }).waitFor();
  while (
    !(await page
      .getByRole('option', { name: 'Analista' })
      .evaluate((el) => el.getAttribute('data-combobox-selected') !== null))
  ) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(role).toHaveValue('Analista');

  const submit = dialog.getByRole('button', { name: 'Crear' });
  for (let i = 0; i < 20 && !(await submit.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Usuario creado.')).toBeVisible();
  await expect(page.getByRole('row', { name: /teclado-1/ })).toBeVisible();
  await saveScreenshot(page, '20-keyboard-user-created');
});
