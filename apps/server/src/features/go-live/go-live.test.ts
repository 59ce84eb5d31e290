import { describe, expect, it } from 'vitest';
import { createCentre, STANDARD_FORM } from '../../testing/campaign-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { standardFormPage } from '../landings/fixtures/standard-page.ts';

const t = await createTestApp();
const tenant = await t.createTenant();
const other = await t.createTenant();
const admin = tenant.admin.token;

async function draft(kind: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/campaigns',
    token: admin,
    body: {
      name: t.unique('g'),
      title: 'Gane con nosotros',
      kind,
      countryCode: 'CR',
      startsAt: '2026-06-01T06:00:00Z',
      endsAt: '2026-06-30T06:00:00Z',
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string };
}

const checklist = (id: string, token = admin) => t.request({ url: `/api/campaigns/${id}/go-live`, token });
const steps = (body: {
  items: Array<{ step: string; done: boolean; required: boolean; count: number | null }>;
}) =>
  Object.fromEntries(body.items.map((i) => [i.step, { done: i.done, required: i.required, count: i.count }]));

describe("a campaign's go-live checklist", () => {
  it('walks a reward-code campaign from draft to live: form, page, centres, codes', async () => {
    const campaign = await draft('reward_code');
    const first = await checklist(campaign.id);
    expect(first.status).toBe(200);
    expect(first.body.items.map((i: { step: string }) => i.step)).toEqual([
      'form',
      'landing',
      'centres',
      'codes',
      'schedule',
    ]);
    expect(steps(first.body)).toMatchObject({
      form: { done: false, required: true, count: 0 },
      landing: { done: false, required: false },
      centres: { done: false, required: true, count: 0 },
      codes: { done: false, required: false, count: 0 },
      schedule: { done: true, required: false },
    });
    expect(first.body).toMatchObject({ canActivate: false, publicPath: null });
    // activation refuses what the checklist says is missing
    const refused = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${campaign.id}/active-status`,
      token: admin,
      body: { active: true },
    });
    expect(refused.body.error.code).toBe('CAMPAIGN_FORM_MISSING');

    await t.request({
      method: 'PUT',
      url: `/api/campaigns/${campaign.id}/form`,
      token: admin,
      body: STANDARD_FORM,
    });
    const centre = await createCentre(t, tenant);
    const settings = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${campaign.id}`,
      token: admin,
      body: { settings: { centreIds: [centre.id] } },
    });
    expect(settings.status, settings.text).toBe(200);
    await t.request({
      method: 'POST',
      url: '/api/reward-codes',
      token: admin,
      body: { campaignId: campaign.id, count: 25 },
    });
    const landing = await t.request({
      method: 'POST',
      url: '/api/landing-pages',
      token: admin,
      body: { name: 'Registro', campaignId: campaign.id, document: standardFormPage() },
    });
    await t.request({ method: 'POST', url: `/api/landing-pages/${landing.body.id}/publish`, token: admin });
    await t.request({
      method: 'POST',
      url: '/api/landing-group',
      token: admin,
      body: { name: 'gane', campaignId: campaign.id, landingIds: [landing.body.id] },
    });

    const ready = await checklist(campaign.id);
    expect(steps(ready.body)).toMatchObject({
      form: { done: true, count: STANDARD_FORM.fields.length },
      landing: { done: true },
      centres: { done: true, count: 1 },
      codes: { done: true, count: 25 },
    });
    expect(ready.body).toMatchObject({ canActivate: true, publicPath: `/${tenant.slug}/landing/gane` });
    const activated = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${campaign.id}/active-status`,
      token: admin,
      body: { active: true },
    });
    expect(activated.status).toBe(200);
  });

  it('names what each kind hands out, and an end date already past', async () => {
    const instant = await draft('instant_award');
    expect((await checklist(instant.id)).body.items.map((i: { step: string }) => i.step)).toEqual([
      'form',
      'landing',
      'prizes',
      'schedule',
    ]);
    const points = await draft('points');
    expect(steps((await checklist(points.id)).body).marketplace).toEqual({
      done: false,
      required: false,
      count: 0,
    });
    const raffle = await draft('raffle');
    const now = t.clock.now();
    t.clock.set(new Date('2026-07-01T06:00:00Z'));
    try {
      const later = await checklist(raffle.id, (await t.login('admin', tenant.slug)).token);
      expect(steps(later.body).schedule).toEqual({ done: false, required: false, count: null });
    } finally {
      t.clock.set(now);
    }
  });

  it("is the tenant's own: another tenant gets not found; analysts read it, operators do not", async () => {
    const campaign = await draft('raffle');
    expect((await checklist(campaign.id, other.admin.token)).status).toBe(404);
    const analyst = await t.createUser(tenant, 'ANALYST');
    expect((await checklist(campaign.id, analyst.token)).status).toBe(200);
    const operator = await t.createUser(tenant, 'OPERATOR');
    expect((await checklist(campaign.id, operator.token)).status).toBe(403);
  });
});
