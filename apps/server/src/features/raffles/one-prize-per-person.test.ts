import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { createTestApp, type TestTenant } from '../../testing/test-app.ts';

const t = await createTestApp();

type Drawn = { cedula: string };
type Draw = {
  drawId: string;
  winners: Drawn[];
  alternates: Drawn[];
  certificate: { options: { onePerIdentity: boolean } };
};

/** A raffle where each of `people` people holds two entries. */
async function twoEntriesEach(tenant: TestTenant, people: number) {
  const campaign = await createActiveCampaign(t, tenant);
  const answers = Array.from({ length: people }, () => validAnswers());
  for (const round of [1, 2])
    for (const a of answers)
      expect((await participate(t, tenant, campaign.name, a)).status, `round ${round}`).toBe(201);
  return campaign;
}

/** A draw whose seed is a public value named ahead (seed = SHA-256 of the value): seeded randomness. */
async function seededDraw(tenant: TestTenant, campaignId: string, value: string): Promise<Draw> {
  const committed = await t.request({
    method: 'POST',
    url: `/api/raffle/campaigns/${campaignId}/commitments`,
    token: tenant.admin.token,
    body: { kind: 'public_value', source: 'Lotería de prueba', options: { count: 3, alternates: 2 } },
  });
  expect(committed.status, committed.text).toBe(201);
  const drawn = await t.request({
    method: 'POST',
    url: `/api/raffle/commitments/${committed.body.id}/draw`,
    token: tenant.admin.token,
    body: { value },
  });
  expect(drawn.status, drawn.text).toBe(201);
  return drawn.body as Draw;
}

const cedulasOf = (draw: Draw) => [...draw.winners, ...draw.alternates].map((p) => p.cedula);

describe('one prize per person is the default of a draw', () => {
  it('20 people with two entries each: draws of 3 winners + 2 alternates never name a person twice', async () => {
    const tenant = await t.createTenant();
    const campaign = await twoEntriesEach(tenant, 20);
    const draws: Draw[] = [];
    // seeded draws (a commitment's options without onePerIdentity) ...
    for (let i = 1; i <= 16; i += 1) draws.push(await seededDraw(tenant, campaign.id, `sorteo ${i}`));
    // ... and the one-request draw without the option
    for (let i = 0; i < 4; i += 1) {
      const res = await t.request({
        url: `/api/raffle/select-winners/${campaign.id}?count=3&alternates=2`,
        token: tenant.admin.token,
      });
      expect(res.status, res.text).toBe(200);
      draws.push(res.body as Draw);
    }
    for (const draw of draws) {
      expect(cedulasOf(draw)).toHaveLength(5);
      expect(new Set(cedulasOf(draw)).size, cedulasOf(draw).join(' ')).toBe(5);
      expect(draw.certificate.options.onePerIdentity).toBe(true);
    }
    const page = await t.request({
      url: `/api/raffle/draws/${draws[0]?.drawId}/certificate`,
      token: tenant.admin.token,
    });
    expect(page.text).toContain('<li>Un solo premio por persona</li>');
  });

  it('turned off by the admin, the choice is recorded on the certificate', async () => {
    const tenant = await t.createTenant();
    const campaign = await twoEntriesEach(tenant, 3);
    const res = await t.request({
      url: `/api/raffle/select-winners/${campaign.id}?count=3&alternates=2&onePerIdentity=false`,
      token: tenant.admin.token,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.certificate.options.onePerIdentity).toBe(false);
    // five places from three people: someone is named twice, as the admin allowed
    expect(new Set(cedulasOf(res.body)).size).toBeLessThan(5);
    const page = await t.request({
      url: `/api/raffle/draws/${res.body.drawId}/certificate`,
      token: tenant.admin.token,
    });
    expect(page.text).toContain('<li>Una persona puede salir más de una vez</li>');
    expect(page.text).not.toContain('Un solo premio por persona');
  });
});
