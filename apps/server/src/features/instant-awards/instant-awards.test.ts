import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createActiveCampaign,
  createCentre,
  participate,
  STANDARD_FORM,
  validAnswers,
} from '../../testing/campaign-fixtures.ts';
import { createTestApp, type TestTenant } from '../../testing/test-app.ts';

const t = await createTestApp();
// a short window just after the test clock: tokens signed at the clock's start stay valid
const BEFORE = new Date('2026-06-01T15:00:00Z');
const START = new Date('2026-06-01T16:00:00Z');
const END = new Date('2026-06-01T18:00:00Z');
beforeEach(() => t.clock.set(BEFORE));

/** An instant-award campaign that starts after the test clock, so prizes and moments can be set. */
async function setup(tenant: TestTenant, overrides: Record<string, unknown> = {}) {
  t.clock.set(BEFORE);
  return createActiveCampaign(t, tenant, {
    kind: 'instant_award',
    startsAt: START.toISOString(),
    endsAt: END.toISOString(),
    ...overrides,
  });
}

async function addPrize(tenant: TestTenant, campaignId: string, body: Record<string, unknown> = {}) {
  const res = await t.request({
    method: 'POST',
    url: `/api/instant-awards/${campaignId}/prizes`,
    token: tenant.admin.token,
    body: { name: 'Televisor', value: 300000, stock: 1, ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string };
}

function setMoments(tenant: TestTenant, campaignId: string, body: unknown) {
  return t.request({
    method: 'PUT',
    url: `/api/instant-awards/${campaignId}/moments`,
    token: tenant.admin.token,
    body,
  });
}

describe('prizes and sealed moments', () => {
  it('a draft whose start has passed can still be set up; activated, it is frozen', async () => {
    const tenant = await t.createTenant();
    const created = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.admin.token,
      body: {
        name: t.unique('c'),
        title: 'Premios al instante',
        kind: 'instant_award',
        countryCode: 'CR',
        startsAt: START.toISOString(),
        endsAt: END.toISOString(),
      },
    });
    expect(created.status, created.text).toBe(201);
    const campaignId = created.body.id as string;
    t.clock.set(new Date('2026-06-01T16:30:00Z')); // past its start, still a draft
    await addPrize(tenant, campaignId, { stock: 2 });
    expect((await setMoments(tenant, campaignId, { generate: true })).status).toBe(200);

    const form = await t.request({
      method: 'PUT',
      url: `/api/campaigns/${campaignId}/form`,
      token: tenant.admin.token,
      body: STANDARD_FORM,
    });
    expect(form.status).toBe(200);
    const activated = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${campaignId}/active-status`,
      token: tenant.admin.token,
      body: { active: true },
    });
    expect(activated.status, activated.text).toBe(200);
    const frozen = await t.request({
      method: 'POST',
      url: `/api/instant-awards/${campaignId}/prizes`,
      token: tenant.admin.token,
      body: { name: 'Bono', value: 1, stock: 1 },
    });
    expect(frozen.status).toBe(409);
    expect(frozen.body.error.code).toBe('INSTANT_AWARDS_FROZEN');
  });

  it('generates one moment per unit of stock inside the window, sealed, revealed after the end', async () => {
    const tenant = await t.createTenant();
    const campaign = await setup(tenant);
    const tv = await addPrize(tenant, campaign.id, { stock: 3 });
    await addPrize(tenant, campaign.id, { name: 'Bono', stock: 2 });
    const set = await setMoments(tenant, campaign.id, { generate: true });
    expect(set.status, set.text).toBe(200);
    expect(set.body.seal).toMatchObject({ moments: 5, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(set.body.revealed).toBe(false);
    expect(set.body.moments).toBeUndefined();
    expect(set.body.salt).toBeUndefined();

    t.clock.set(new Date('2026-06-01T16:30:00Z'));
    const during = await t.request({
      url: `/api/instant-awards/${campaign.id}/moments`,
      token: tenant.admin.token,
    });
    expect(during.body).toEqual({ seal: set.body.seal, revealed: false });
    const frozen = await t.request({
      method: 'POST',
      url: `/api/instant-awards/${campaign.id}/prizes`,
      token: tenant.admin.token,
      body: { name: 'x', value: 1, stock: 1 },
    });
    expect(frozen.status).toBe(409);
    const frozenMoments = await setMoments(tenant, campaign.id, { generate: true });
    expect(frozenMoments.status).toBe(409);
    expect(frozenMoments.body.error.code).toBe('INSTANT_AWARDS_FROZEN');
    const patch = await t.request({
      method: 'PATCH',
      url: `/api/instant-award-prizes/${tv.id}`,
      token: tenant.admin.token,
      body: { stock: 10 },
    });
    expect(patch.status).toBe(409);

    t.clock.set(END);
    const after = await t.request({
      url: `/api/instant-awards/${campaign.id}/moments`,
      token: tenant.admin.token,
    });
    expect(after.body.revealed).toBe(true);
    expect(after.body.moments).toHaveLength(5);
    for (const m of after.body.moments) {
      expect(new Date(m.at) >= START && new Date(m.at) < END).toBe(true);
    }
    // anyone can recompute the seal from the salt and the revealed list
    const hash = createHash('sha256').update(`${after.body.salt}\n`);
    for (const m of after.body.moments) hash.update(`${m.at},${m.prizeId}\n`);
    expect(hash.digest('hex')).toBe(set.body.seal.hash);
  });

  it('accepts hand-set moments inside the window and refuses others, or unknown prizes', async () => {
    const tenant = await t.createTenant();
    const campaign = await setup(tenant);
    const prize = await addPrize(tenant, campaign.id);
    const outside = await setMoments(tenant, campaign.id, {
      moments: [{ at: '2026-06-02T00:00:00Z', prizeId: prize.id }],
    });
    expect(outside.status).toBe(400);
    expect(outside.body.error.details[0]).toMatchObject({ path: 'moments.0', code: 'MOMENT_INVALID' });
    const unknown = await setMoments(tenant, campaign.id, {
      moments: [{ at: '2026-06-01T16:10:00Z', prizeId: campaign.id }],
    });
    expect(unknown.status).toBe(400);
    const ok = await setMoments(tenant, campaign.id, {
      moments: [{ at: '2026-06-01T16:10:00Z', prizeId: prize.id }],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.seal.moments).toBe(1);
  });

  it('refuses prizes on other kinds of campaign, bad stock, and an unknown centre', async () => {
    const tenant = await t.createTenant();
    const raffle = await createActiveCampaign(t, tenant);
    const wrong = await t.request({
      method: 'POST',
      url: `/api/instant-awards/${raffle.id}/prizes`,
      token: tenant.admin.token,
      body: { name: 'x', value: 1, stock: 1 },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details[0].code).toBe('CAMPAIGN_KIND_MISMATCH');
    const campaign = await setup(tenant);
    const zero = await t.request({
      method: 'POST',
      url: `/api/instant-awards/${campaign.id}/prizes`,
      token: tenant.admin.token,
      body: { name: 'x', value: 1, stock: 0 },
    });
    expect(zero.status).toBe(400);
    const centre = await t.request({
      method: 'POST',
      url: `/api/instant-awards/${campaign.id}/prizes`,
      token: tenant.admin.token,
      body: { name: 'x', value: 1, stock: 1, centreId: campaign.id },
    });
    expect(centre.status).toBe(400);
    expect(centre.body.error.details[0]).toMatchObject({ path: 'centreId' });
  });

  it('lists, changes and deletes prizes before the start; deleting reseals the moments', async () => {
    const tenant = await t.createTenant();
    const campaign = await setup(tenant);
    const a = await addPrize(tenant, campaign.id, { stock: 2 });
    await addPrize(tenant, campaign.id, { name: 'Bono', stock: 1 });
    const first = await setMoments(tenant, campaign.id, { generate: true });
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/instant-award-prizes/${a.id}`,
      token: tenant.admin.token,
      body: { name: 'Televisor 55"' },
    });
    expect(patched.body.name).toBe('Televisor 55"');
    const del = await t.request({
      method: 'DELETE',
      url: `/api/instant-award-prizes/${a.id}`,
      token: tenant.admin.token,
    });
    expect(del.status).toBe(204);
    const list = await t.request({
      url: `/api/instant-awards/${campaign.id}/prizes`,
      token: tenant.admin.token,
    });
    expect(list.body.items.map((p: { name: string }) => p.name)).toEqual(['Bono']);
    const moments = await t.request({
      url: `/api/instant-awards/${campaign.id}/moments`,
      token: tenant.admin.token,
    });
    expect(moments.body.seal.moments).toBe(1);
    expect(moments.body.seal.hash).not.toBe(first.body.seal.hash);
  });
});

describe('winning', () => {
  it('the first participation at or after a moment wins its prize; the public page tells how to claim it', async () => {
    const tenant = await t.createTenant();
    const campaign = await setup(tenant);
    const centre = await createCentre(t, tenant, { address: 'Avenida 2' });
    const prize = await addPrize(tenant, campaign.id, { centreId: centre.id, department: 'San José' });
    await setMoments(tenant, campaign.id, { moments: [{ at: '2026-06-01T17:00:00Z', prizeId: prize.id }] });

    t.clock.set(new Date('2026-06-01T16:59:59Z'));
    const early = validAnswers();
    const before = await participate(t, tenant, campaign.name, early);
    expect(before.status, before.text).toBe(201);
    expect(before.body.outcome).toEqual({ kind: 'instant_award', won: false });

    t.clock.set(new Date('2026-06-01T17:00:00Z'));
    const lucky = validAnswers();
    const win = await participate(t, tenant, campaign.name, lucky);
    // the outcome already says what was won and where to claim it (the landing shows it)
    expect(win.body.outcome).toEqual({
      kind: 'instant_award',
      won: true,
      prize: {
        name: 'Televisor',
        value: 300000,
        department: 'San José',
        centre: { name: centre.name, address: 'Avenida 2' },
      },
    });
    const next = await participate(t, tenant, campaign.name, validAnswers());
    expect(next.body.outcome).toEqual({ kind: 'instant_award', won: false });

    const result = await t.request({
      url: `/api/users/instant-award/${tenant.slug}/${campaign.name}/${lucky.cedula}/${win.body.participationId}`,
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      won: true,
      prize: {
        name: 'Televisor',
        value: 300000,
        department: 'San José',
        centre: { name: centre.name, address: 'Avenida 2' },
      },
    });
    const lost = await t.request({
      url: `/api/users/instant-award/${tenant.slug}/${campaign.name}/${early.cedula}/${before.body.participationId}`,
    });
    expect(lost.body).toEqual({ won: false });
    // another person's identity number, or another tenant, does not open the result
    const stranger = await t.request({
      url: `/api/users/instant-award/${tenant.slug}/${campaign.name}/${early.cedula}/${win.body.participationId}`,
    });
    expect(stranger.status).toBe(404);
    const other = await t.createTenant();
    const elsewhere = await t.request({
      url: `/api/users/instant-award/${other.slug}/${campaign.name}/${lucky.cedula}/${win.body.participationId}`,
    });
    expect(elsewhere.status).toBe(404);

    const awards = await t.request({
      url: `/api/instant-awards/${campaign.id}/awards`,
      token: tenant.admin.token,
    });
    expect(awards.body.items).toEqual([
      expect.objectContaining({
        prizeName: 'Televisor',
        cedula: lucky.cedula,
        participationId: win.body.participationId,
        momentAt: '2026-06-01T17:00:00.000Z',
      }),
    ]);
    const prizes = await t.request({
      url: `/api/instant-awards/${campaign.id}/prizes`,
      token: tenant.admin.token,
    });
    expect(prizes.body.items[0]).toMatchObject({ stock: 1, awarded: 1 });
  });

  // Scale on PGlite (one connection, so the claims serialise): 100 prizes/moments and 1,000
  // simultaneous participations; the statement is the same one PostgreSQL runs concurrently.
  it('100 open moments and 1,000 simultaneous participations give exactly 100 awards', async () => {
    const tenant = await t.createTenant();
    const campaign = await setup(tenant);
    const prizes = [];
    for (let i = 0; i < 4; i++)
      prizes.push(await addPrize(tenant, campaign.id, { name: `P${i}`, stock: 25 }));
    const gen = await setMoments(tenant, campaign.id, { generate: true });
    expect(gen.body.seal.moments).toBe(100);
    // Moments are drawn at millisecond resolution over [START, END): the last instant one can
    // have is END − 1 ms. (END − 1 s left a moment drawn in the last second closed, 1.4 % of runs.)
    t.clock.set(new Date(END.getTime() - 1));
    const answers = Array.from({ length: 1000 }, () => validAnswers());
    const results = await Promise.all(answers.map((a) => participate(t, tenant, campaign.name, a)));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(results.filter((r) => r.body.outcome.won)).toHaveLength(100);
    const rows = await t.db.ownerQuery<{ n: number; people: number; parts: number }>(
      `select count(*)::int as n, count(distinct participant_id)::int as people, count(distinct participation_id)::int as parts
       from instant_award_moments where tenant_id = $1 and participation_id is not null`,
      [tenant.id],
    );
    expect(rows[0]).toEqual({ n: 100, people: 100, parts: 100 });
    const stock = await t.db.ownerQuery<{ awarded: number; stock: number }>(
      'select awarded, stock from instant_award_prizes where tenant_id = $1',
      [tenant.id],
    );
    for (const p of stock) expect(p.awarded).toBe(p.stock);
  });
});
