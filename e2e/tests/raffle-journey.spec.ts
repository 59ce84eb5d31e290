import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, devices, expect, type Page, test } from '@playwright/test';
import { standardFormPage } from '../../apps/server/src/features/landings/fixtures/standard-page.ts';
import { createCampaign, standardForm } from './api-setup.ts';
import { adminHeaders, saveScreenshot, signIn } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const TENANT = 'demo';
const suffix = Date.now().toString(36);
const root = fileURLToPath(new URL('../../', import.meta.url));
const results = fileURLToPath(new URL('../test-results/', import.meta.url));

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
let serial = Math.floor(Math.random() * 1e6);
const cedula = () => `${1 + (serial % 8)}${String(10_000_000 + (serial++ % 89_999_999)).padStart(8, '0')}`;
const answers = (name: string, id = cedula()) => ({
  cedula: id,
  name,
  email: `p${id}@example.com`,
  phone: '88887777',
  birthdate: '1990-04-12',
  department: 'San José',
});

/** Drops files on the verification page's drop zone, as a person dragging them from a folder. */
async function dropFiles(page: Page, files: { name: string; type: string; content: string }[]) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([file.content], file.name, { type: file.type }));
    return transfer;
  }, files);
  await page.getByTestId('verify-drop').dispatchEvent('dragover', { dataTransfer });
  await page.getByTestId('verify-drop').dispatchEvent('drop', { dataTransfer });
}

/** A Costa Rica campaign of a week, with the standard form (no sex asked), active. */
function campaignWithForm(
  request: APIRequestContext,
  headers: Record<string, string>,
  data: { name: string; title: string; kind: string; startsAt: string },
) {
  return createCampaign(
    request,
    headers,
    { ...data, endsAt: inSeconds(7 * 86_400) },
    { form: standardForm({ sex: false }) },
  );
}

test('a person enters with two raffle codes; the admin draws, prints the certificate, and the script and the public page reproduce it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const headers = await adminHeaders(request, TENANT);
  const name = `sorteo-e2e-${suffix}`;
  const title = `Sorteo E2E ${suffix}`;
  const campaignId = await campaignWithForm(request, headers, {
    name,
    title,
    kind: 'raffle',
    startsAt: inSeconds(-3600),
  });
  const codes = [`E2E${suffix}A`.toUpperCase(), `E2E${suffix}B`.toUpperCase()];
  const made = await request.post('/api/raffle-codes', { headers, data: { campaignId, codes } });
  expect(made.status(), await made.text()).toBe(201);

  // The person checks a code, then submits the raffle form with both: two entries.
  const checked = await request.post('/api/raffle-codes/validate', {
    data: { tenant: TENANT, campaign: name, code: codes[0]?.toLowerCase() },
  });
  expect(await checked.json()).toEqual({ valid: true, points: 1 });
  const person = answers('Carla Códigos');
  const entered = await request.post('/api/forms/raffle', {
    headers: { 'idempotency-key': `e2e-${suffix}` },
    data: { tenant: TENANT, campaign: name, answers: person, consent: true, codes },
  });
  expect(entered.status(), await entered.text()).toBe(201);
  expect(((await entered.json()) as { entries: number }).entries).toBe(2);
  // a used code is refused by name
  const reused = await request.post('/api/forms/raffle', {
    data: { tenant: TENANT, campaign: name, answers: answers('Otra'), consent: true, codes: [codes[0]] },
  });
  expect(reused.status()).toBe(400);
  // six more people register (one entry each)
  for (let i = 1; i <= 6; i += 1) {
    const res = await request.post('/api/forms/raffle', {
      data: { tenant: TENANT, campaign: name, answers: answers(`Persona ${i}`), consent: true },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  // The admin: the entries, searched; then the draw from the screen.
  await signIn(page, { tenant: TENANT, username: 'admin' });
  await page.getByRole('navigation').getByRole('link', { name: 'Sorteos', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sorteos', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Campaña' }).click();
  await page.getByRole('option', { name: new RegExp(title) }).click();
  await page.getByRole('tab', { name: 'Participaciones' }).click();
  await page.getByLabel('Buscar').fill(person.cedula);
  await expect(page.getByRole('cell', { name: 'Carla Códigos' })).toHaveCount(2);
  const [entriesExport] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(readFileSync((await entriesExport.path()) as string, 'utf8')).toContain(codes[1]);

  await page.getByRole('tab', { name: 'Sorteos' }).click();
  await page.getByLabel('Ganadores', { exact: true }).fill('3');
  await page.getByLabel('Suplentes', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Sortear', exact: true }).click();
  // nothing is drawn before the admin confirms what happens
  const confirm = page.getByRole('dialog', { name: '¿Realizar el sorteo ahora?' });
  await expect(confirm).toContainText('3 ganadores y 2 suplentes');
  await confirm.getByRole('button', { name: 'Sortear' }).click();
  const result = page.getByTestId('draw-result');
  await expect(result.getByRole('row')).toHaveCount(6);
  await expect(result).toContainText('¡Felicidades');
  await expect(page.getByTestId('draw-list').getByRole('row')).toHaveCount(2);
  await saveScreenshot(page, 'raffle-draw');

  // The certificate: shown, printed (print media, nothing of the back-office), downloaded.
  await result.getByRole('link', { name: 'Ver certificado' }).click();
  await expect(page.getByRole('heading', { name: 'Certificado de sorteo', level: 1 })).toBeVisible();
  await expect(page.getByTestId('certificate-entries-count')).toHaveText('8');
  await expect(page.getByTestId('certificate-people').getByRole('row')).toHaveCount(6);
  // for people: who drew by name, the options in words, the verification steps; no command line
  await expect(page.getByTestId('certificate-summary')).toContainText('Realizado por');
  await expect(page.getByTestId('certificate-options')).toContainText('3 ganadores y 2 suplentes');
  await expect(page.getByTestId('certificate-options')).toContainText('Cada participación cuenta una vez');
  await expect(page.getByTestId('certificate-steps')).toContainText('/verify-draw en cualquier navegador');
  await expect(page.getByTestId('certificate')).not.toContainText('npm run');
  await expect(page.getByTestId('certificate')).not.toContainText('{"count"');
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Imprimir' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  mkdirSync(results, { recursive: true });
  await page.screenshot({ path: join(results, 'raffle-certificate-print.png'), fullPage: true });
  await page.pdf({ path: join(results, 'raffle-certificate-print.pdf') });
  await page.emulateMedia({ media: 'screen' });

  const dir = mkdtempSync(join(tmpdir(), 'raffle-e2e-'));
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar certificado (JSON)' }).click(),
  ]);
  await json.saveAs(join(dir, 'certificate.json'));
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar lista de participaciones (CSV)' }).click(),
  ]);
  await csv.saveAs(join(dir, 'entries.csv'));
  const certificate = JSON.parse(readFileSync(join(dir, 'certificate.json'), 'utf8'));
  expect(certificate.winners).toHaveLength(3);
  expect(certificate.alternates).toHaveLength(2);
  // the person who drew is named, not shown by id
  await expect(page.getByTestId('certificate-summary')).not.toContainText(certificate.drawnBy);
  await expect(page.getByTestId('certificate-summary')).toContainText(/Realizado por\s*\S+/);

  // The public verification page, in a browser of another zone, signed out, nothing installed:
  // the certificate and the list dropped on it give the same winners; a changed list fails.
  const entriesCsv = readFileSync(join(dir, 'entries.csv'));
  const drawnAt = new Date(certificate.drawnAt);
  const costaRica = new Date(drawnAt.getTime() - 6 * 3600_000); // UTC-6, no summer time
  const localTime = `${costaRica.getUTCHours()}:${String(costaRica.getUTCMinutes()).padStart(2, '0')}`;
  for (const timezoneId of ['UTC', 'America/Panama']) {
    const context = await browser.newContext({ timezoneId, locale: 'es-CR' });
    const visitor = await context.newPage();
    await visitor.goto('/verify-draw');
    await expect(visitor.getByRole('heading', { name: 'Verificar un sorteo' })).toBeVisible();
    await dropFiles(visitor, [
      {
        name: 'certificate.json',
        type: 'application/json',
        content: readFileSync(join(dir, 'certificate.json'), 'utf8'),
      },
      { name: 'entries.csv', type: 'text/csv', content: entriesCsv.toString('utf8') },
    ]);
    const verified = visitor.getByTestId('verify-result');
    await expect(verified).toContainText(
      'Sorteo verificado: la lista y el certificado dan los mismos ganadores y suplentes.',
    );
    await expect(verified).toContainText(`${localTime} (America/Costa_Rica)`);
    await expect(verified).toContainText('Participaciones en la lista: 8');
    const shown = await visitor
      .getByTestId('verify-people')
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent)),
      );
    expect(shown).toEqual([
      ...certificate.winners.map((w: { position: number; entryId: string }) => [
        String(w.position),
        'Ganador',
        w.entryId,
      ]),
      ...certificate.alternates.map((a: { position: number; entryId: string }) => [
        String(a.position),
        'Suplente',
        a.entryId,
      ]),
    ]);
    await saveScreenshot(visitor, `verify-draw-${timezoneId.replace('/', '-')}`);
    // one entry's weight raised: the list is not the certificate's and the winners differ
    const lines = entriesCsv.toString('utf8').split('\n');
    lines[1] = lines[1]?.replace(/,\d+$/, ',50') ?? '';
    await dropFiles(visitor, [{ name: 'entries.csv', type: 'text/csv', content: lines.join('\n') }]);
    const refused = visitor.getByTestId('verify-result').getByRole('alert');
    await expect(refused).toContainText('El sorteo no se pudo verificar.');
    await expect(refused).toContainText('La lista de participaciones no es la del certificado');
    await expect(visitor.getByTestId('verify-people')).toHaveCount(0);
    await context.close();
  }
  const out = execFileSync(
    'node_modules/.bin/tsx',
    ['scripts/verify-draw.ts', join(dir, 'certificate.json'), join(dir, 'entries.csv')],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  expect(out).toContain(`OK draw ${certificate.drawId}: 5 positions from 8 entries reproduced`);
  // a changed winner is caught
  const forged = {
    ...certificate,
    winners: [...certificate.alternates.slice(0, 1), ...certificate.winners.slice(1)],
  };
  const forgedPath = join(dir, 'forged.json');
  writeFileSync(forgedPath, JSON.stringify(forged));
  expect(() =>
    execFileSync('node_modules/.bin/tsx', ['scripts/verify-draw.ts', forgedPath, join(dir, 'entries.csv')], {
      cwd: root,
      stdio: 'pipe',
    }),
  ).toThrow();
});

test('a person wins an instant award on a published landing and sees the prize and where to claim it', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const headers = await adminHeaders(request, TENANT);
  const name = `instantaneo-e2e-${suffix}`;
  const startsAt = inSeconds(6);
  const campaignId = await campaignWithForm(request, headers, {
    name,
    title: `Instantáneo E2E ${suffix}`,
    kind: 'instant_award',
    startsAt,
  });
  const prize = await request.post(`/api/instant-awards/${campaignId}/prizes`, {
    headers,
    data: { name: 'Televisor', value: 300000, stock: 1, department: 'San José' },
  });
  expect(prize.status(), await prize.text()).toBe(201);
  const prizeId = ((await prize.json()) as { id: string }).id;
  const moments = await request.put(`/api/instant-awards/${campaignId}/moments`, {
    headers,
    data: { moments: [{ at: startsAt, prizeId }] },
  });
  expect(moments.status(), await moments.text()).toBe(200);
  expect(((await moments.json()) as { seal: { hash: string } }).seal.hash).toMatch(/^[0-9a-f]{64}$/);

  const landing = await request.post('/api/landing-pages', {
    headers,
    data: { name: 'Instantáneo', campaignId, document: standardFormPage('Gane al instante') },
  });
  expect(landing.status(), await landing.text()).toBe(201);
  const landingId = ((await landing.json()) as { id: string }).id;
  expect((await request.post(`/api/landing-pages/${landingId}/publish`, { headers })).status()).toBe(200);
  const group = `instantaneo-${suffix}`;
  const made = await request.post('/api/landing-group', {
    headers,
    data: { name: group, landingIds: [landingId] },
  });
  expect(made.status(), await made.text()).toBe(201);

  // the campaign opens (its winning moment with it)
  await expect.poll(() => Date.now() > Date.parse(startsAt) + 500, { timeout: 15_000 }).toBe(true);

  const context = await browser.newContext({ ...devices['Pixel 7'], locale: 'es-CR' });
  const page = await context.newPage();
  await page.goto(`/${TENANT}/landing/${group}`);
  await expect(page.getByRole('heading', { name: 'Gane al instante' })).toBeVisible();
  const person = answers('Iván Instante');
  await page.getByLabel('Cédula').pressSequentially(person.cedula);
  await page.getByLabel('Nombre completo').fill(person.name);
  await page.getByLabel('Correo').fill(person.email);
  await page.getByLabel('Teléfono').pressSequentially(person.phone);
  const [year, month, day] = person.birthdate.split('-');
  await page.getByLabel('Fecha de nacimiento').selectOption(day as string);
  await page.getByTitle('Mes').selectOption(month as string);
  await page.getByTitle('Año').selectOption(year as string);
  await page.getByLabel('Provincia').selectOption('San José');
  await page.getByLabel('Acepto los términos y condiciones').check();
  await page.getByRole('button', { name: 'Participar' }).click();
  // the result is revealed by a tap on its card
  await page.getByRole('button', { name: 'Toque para descubrir su resultado' }).click();
  await expect(page.getByRole('button', { name: '¡Ganó Televisor!' })).toBeVisible();
  const status = page.locator('.lp-reveal').getByRole('status');
  await expect(status).toContainText('¡Felicidades! Ganó: Televisor.');
  await expect(status).toContainText('Reclámelo en San José');
  await saveScreenshot(page, 'instant-award-won');
  await context.close();

  const awards = await request.get(`/api/instant-awards/${campaignId}/awards`, { headers });
  expect(((await awards.json()) as { items: { name: string }[] }).items).toMatchObject([
    { name: 'Iván Instante' },
  ]);
});
