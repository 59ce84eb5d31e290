import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { createCampaign, createCentre, participate, personAnswers } from './api-setup.ts';
import { adminHeaders, saveScreenshot, signIn } from './helpers.ts';

/**
 * The reconciliation reports page with data (more redemptions than one page holds): axe, with
 * WCAG 2.5.3's "label in name" rule, finds nothing serious; screenshots at 390 and 1366 px.
 */

const TENANT = 'demo';
const suffix = Date.now().toString(36);
const OPERATOR = `cajero-rep-${suffix}`;
const OPERATOR_PASSWORD = 'cajero-pass-1';
const REDEMPTIONS = 22;
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** A reward-code campaign at a new centre whose operator redeems `count` codes handed out to people. */
async function redemptions(request: APIRequestContext, count: number) {
  const headers = await adminHeaders(request, TENANT);
  const centreId = await createCentre(request, headers, {
    code: String(200_000 + Math.floor(Math.random() * 700_000)),
    name: `Centro reportes ${suffix}`,
    latitude: 9.9325,
    longitude: -84.0795,
  });
  const name = `reportes-${suffix}`;
  await createCampaign(request, headers, {
    name,
    title: `Reportes ${suffix}`,
    kind: 'reward_code',
    startsAt: inHours(-1),
    endsAt: inHours(24 * 7),
    settings: { centreIds: [centreId] },
  });
  const campaigns = await request.get(`/api/campaigns?q=${name}`, { headers });
  const campaignId = ((await campaigns.json()) as { items: { id: string }[] }).items[0]?.id;
  const generated = await request.post('/api/reward-codes', { headers, data: { campaignId, count } });
  expect(generated.status(), await generated.text()).toBe(201);
  const operator = await request.post('/api/users/register', {
    headers,
    data: { username: OPERATOR, password: OPERATOR_PASSWORD, role: 'OPERATOR', centreId },
  });
  expect(operator.status(), await operator.text()).toBe(201);
  const login = await request.post('/api/auth/login', {
    data: { tenant: TENANT, username: OPERATOR, password: OPERATOR_PASSWORD },
  });
  const operatorHeaders = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  for (let index = 0; index < count; index += 1) {
    const cedula = `${7 + (index % 2)}${String(Date.now() % 1e6).padStart(6, '0')}${String(index).padStart(2, '0')}`;
    const { code } = await participate(request, TENANT, name, personAnswers(cedula, `Persona ${index}`));
    const redeemed = await request.post('/api/redeem-codes', {
      headers: { ...operatorHeaders, 'Idempotency-Key': crypto.randomUUID() },
      data: { code },
    });
    expect(redeemed.status(), await redeemed.text()).toBe(200);
  }
}

test('the reports page with data: no serious axe finding, readable at 390 and 1366 px', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await redemptions(request, REDEMPTIONS);
  await signIn(page, { tenant: TENANT, username: 'admin' });
  await page.goto(`/${TENANT}/pages/reports`);
  await expect(page.getByRole('heading', { name: 'Reportes de conciliación', level: 1 })).toBeVisible();
  await expect(page.getByTestId('redemptions-list').locator('tbody tr')).toHaveCount(20);
  await expect(page.getByTestId('codes-preview')).toContainText(`reportes-${suffix}`);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForLoadState('networkidle');
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    const serious = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary}`));
    expect(serious, `at ${width} px`).toEqual([]);
    const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(wider, `horizontal scroll at ${width} px`).toBeLessThanOrEqual(0);
    await saveScreenshot(page, `reports-page-${width}`);
  }
});
