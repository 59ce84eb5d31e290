import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { createTestApp, type TestTenant } from '../../testing/test-app.ts';
import { drawRefusal, verifyDraw } from '../../testing/verify-draw.ts';

const t = await createTestApp();

/** A raffle campaign with `people` people, the first `twice` of whom entered twice. */
async function raffleWithEntries(tenant: TestTenant, people: number, twice = 0) {
  const campaign = await createActiveCampaign(t, tenant);
  const answers = Array.from({ length: people }, (_, i) =>
    validAnswers({ department: i % 2 === 0 ? 'San José' : 'Heredia' }),
  );
  for (const a of answers) expect((await participate(t, tenant, campaign.name, a)).status).toBe(201);
  for (const a of answers.slice(0, twice)) await participate(t, tenant, campaign.name, a);
  return { campaign, answers };
}

describe('draws', () => {
  it('draws winners and alternates with a certificate the verification script reproduces', async () => {
    const tenant = await t.createTenant();
    const { campaign, answers } = await raffleWithEntries(tenant, 12, 3);
    const res = await t.request({
      url: `/api/raffle/select-winners/${campaign.id}?count=3&alternates=2`,
      token: tenant.admin.token,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.winners).toHaveLength(3);
    expect(res.body.alternates).toHaveLength(2);
    expect(res.body.winners.map((w: { position: number }) => w.position)).toEqual([1, 2, 3]);
    expect(res.body.alternates.map((w: { position: number }) => w.position)).toEqual([4, 5]);
    const cedulas = answers.map((a) => a.cedula);
    for (const w of [...res.body.winners, ...res.body.alternates]) expect(cedulas).toContain(w.cedula);
    const c = res.body.certificate;
    expect(c).toMatchObject({
      entriesCount: 15,
      totalWeight: 15,
      algorithm: 'promo-draw-v1',
      campaignName: campaign.name,
    });
    expect(c.entriesHash).toMatch(/^[0-9a-f]{64}$/);

    const stored = await t.request({
      url: `/api/raffle/draws/${res.body.drawId}`,
      token: tenant.admin.token,
    });
    expect(stored.body).toEqual(res.body);
    const entries = await t.request({
      url: `/api/raffle/draws/${res.body.drawId}/entries`,
      token: tenant.admin.token,
    });
    expect(entries.text.split('\n')[0]).toBe('entry_id,participant,weight');
    // later entries do not change the frozen list
    await participate(t, tenant, campaign.name, validAnswers());
    const again = await t.request({
      url: `/api/raffle/draws/${res.body.drawId}/entries`,
      token: tenant.admin.token,
    });
    expect(again.text).toBe(entries.text);
    expect(verifyDraw(c, entries.text)).toContain('OK');

    // a tampered list or certificate fails
    const lines = entries.text.split('\n');
    const tampered = [lines[0], lines[2], lines[1], ...lines.slice(3)].join('\n');
    expect(drawRefusal(c, tampered)).toContain(
      "FAIL the entry list's SHA-256 differs from the certificate's entriesHash",
    );
    const [first, second] = c.winners;
    expect(
      drawRefusal(
        { ...c, winners: [{ ...first, entryId: second.entryId }, ...c.winners.slice(1)] },
        entries.text,
      ),
    ).toContain(`FAIL position 1: certificate entry ${second.entryId}, re-run gives ${first.entryId}`);
    // another seed draws other positions from the same list (the list itself still matches)
    const reseeded = drawRefusal(
      { ...c, seed: c.seed.replace(/^./, c.seed[0] === 'a' ? 'b' : 'a') },
      entries.text,
    );
    expect(reseeded).toMatch(/^FAIL position \d+: certificate entry \d+, re-run gives \d+$/m);
    expect(reseeded).not.toContain('entriesHash');

    const page = await t.request({
      url: `/api/raffle/draws/${res.body.drawId}/certificate`,
      token: tenant.admin.token,
    });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain(c.entriesHash);
    expect(page.text).toContain(c.seed);
    // for people: who drew by name, the local time of the tenant (Costa Rica, UTC-6), options in
    // words, the steps to verify in the browser; no user id, raw options nor command line
    expect(res.body.drawnByName).toBe('admin');
    expect(res.body.timeZone).toBe('America/Costa_Rica');
    expect(page.text).toContain('<th>Realizado por</th><td>admin</td>');
    const drawn = new Date(c.drawnAt);
    const localHour = (drawn.getUTCHours() + 18) % 24;
    const minutes = String(drawn.getUTCMinutes()).padStart(2, '0');
    expect(page.text).toContain(`${localHour}:${minutes} (hora de America/Costa_Rica)`);
    expect(page.text).toContain('<li>3 ganadores y 2 suplentes</li>');
    expect(page.text).toContain('<li>Cada participación cuenta una vez</li>');
    expect(page.text).toMatch(/Abra http:\/\/[^ ]+\/verify-draw en cualquier navegador/);
    expect(page.text).not.toContain(c.drawnBy);
    expect(page.text).not.toContain('npm run');
    expect(page.text).not.toContain('{&quot;count&quot;');
  });

  it('select-winner draws one; each call is a new recorded draw', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await raffleWithEntries(tenant, 4);
    const one = await t.request({
      url: `/api/raffle/select-winner/${campaign.id}`,
      token: tenant.admin.token,
    });
    expect(one.status).toBe(200);
    expect(one.body.winners).toHaveLength(1);
    const two = await t.request({
      url: `/api/raffle/select-winner/${campaign.id}`,
      token: tenant.admin.token,
    });
    expect(two.body.drawId).not.toBe(one.body.drawId);
    const [count] = await t.db.ownerQuery<{ n: number }>(
      'select count(*)::int as n from raffle_draws where tenant_id = $1',
      [tenant.id],
    );
    expect(count?.n).toBe(2);
  });

  it('honours one per identity, weighting, department, exclusion of earlier winners', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await raffleWithEntries(tenant, 6, 6);
    const one = await t.request({
      url: `/api/raffle/select-winners/${campaign.id}?count=6&onePerIdentity=true`,
      token: tenant.admin.token,
    });
    expect(new Set(one.body.winners.map((w: { cedula: string }) => w.cedula)).size).toBe(6);
    const people = await t.request({
      url: `/api/raffle/select-winners/${campaign.id}?count=2&weighting=people`,
      token: tenant.admin.token,
    });
    expect(people.body.certificate.entriesCount).toBe(6);
    const dept = await t.request({
      url: `/api/raffle/select-winners/${campaign.id}?count=1&department=Heredia`,
      token: tenant.admin.token,
    });
    expect(dept.body.certificate.entriesCount).toBe(6);
    const excluded = await t.request({
      url: `/api/raffle/select-winners/${campaign.id}?count=1&excludePreviousWinners=true`,
      token: tenant.admin.token,
    });
    expect(excluded.status).toBe(422);
    expect(excluded.body.error.code).toBe('RAFFLE_WITHOUT_ENTRIES');
    const range = await t.request({
      url: `/api/raffle/select-winners/${campaign.id}?from=2026-07-01T00:00:00Z&to=2026-06-01T00:00:00Z`,
      token: tenant.admin.token,
    });
    expect(range.status).toBe(400);
  });

  it('a redraw is a new draw with a reason, the next alternate taking the place; still verifiable', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await raffleWithEntries(tenant, 8);
    const draw = await t.request({
      url: `/api/raffle/select-winners/${campaign.id}?count=2&alternates=2`,
      token: tenant.admin.token,
    });
    const res = await t.request({
      method: 'POST',
      url: `/api/raffle/draws/${draw.body.drawId}/redraw`,
      token: tenant.admin.token,
      body: { position: 1, reason: 'No cumple los requisitos' },
    });
    expect(res.status, res.text).toBe(201);
    const { notification: _, ...promoted } = res.body.winners[0];
    expect({ ...promoted, notification: null }).toEqual(draw.body.alternates[0]);
    expect(res.body.winners[0].notification).toContain('¡Felicidades');
    // the same winner; the notification names the standing (new) draw
    expect({ ...res.body.winners[1], notification: '' }).toEqual({
      ...draw.body.winners[1],
      notification: '',
    });
    expect(res.body.alternates).toEqual([draw.body.alternates[1]]);
    expect(res.body.certificate).toMatchObject({
      replacesDrawId: draw.body.drawId,
      reason: 'No cumple los requisitos',
    });
    const entries = await t.request({
      url: `/api/raffle/draws/${res.body.drawId}/entries`,
      token: tenant.admin.token,
    });
    expect(verifyDraw(res.body.certificate, entries.text)).toContain('OK');
    const twice = await t.request({
      method: 'POST',
      url: `/api/raffle/draws/${draw.body.drawId}/redraw`,
      token: tenant.admin.token,
      body: { position: 2, reason: 'x' },
    });
    expect(twice.status).toBe(409);

    const csv = await t.request({ url: `/api/raffle/winners/${campaign.id}`, token: tenant.admin.token });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(res.body.drawId);
    expect(csv.text).not.toContain(draw.body.drawId);
    const xlsx = await t.request({
      url: `/api/raffle/winners/${campaign.id}?format=xlsx`,
      token: tenant.admin.token,
    });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('refuses winners reports and draws of other kinds; empty raffles; analysts cannot draw', async () => {
    const tenant = await t.createTenant();
    const other = await createActiveCampaign(t, tenant, { kind: 'instant_award' });
    const report = await t.request({ url: `/api/raffle/winners/${other.id}`, token: tenant.admin.token });
    expect(report.status).toBe(422);
    expect(report.body.error.code).toBe('REPORT_ONLY_FOR_RAFFLES');
    const draw = await t.request({
      url: `/api/raffle/select-winners/${other.id}`,
      token: tenant.admin.token,
    });
    expect(draw.status).toBe(400);
    const empty = await createActiveCampaign(t, tenant);
    const none = await t.request({ url: `/api/raffle/select-winner/${empty.id}`, token: tenant.admin.token });
    expect(none.body.error.code).toBe('RAFFLE_WITHOUT_ENTRIES');
    const analyst = await t.createUser(tenant, 'ANALYST');
    const refused = await t.request({ url: `/api/raffle/select-winner/${empty.id}`, token: analyst.token });
    expect(refused.status).toBe(403);
  });
});

describe('entries', () => {
  it('points-by-identification counts a person’s entries per campaign', async () => {
    const tenant = await t.createTenant();
    const { campaign, answers } = await raffleWithEntries(tenant, 2, 1);
    const res = await t.request({
      url: `/api/raffle/points-by-identification?cedula=${answers[0]?.cedula}`,
      token: tenant.admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      entries: 2,
      points: 2,
      campaigns: [{ campaignId: campaign.id, entries: 2, points: 2 }],
    });
    const other = await t.createTenant();
    const hidden = await t.request({
      url: `/api/raffle/points-by-identification?cedula=${answers[0]?.cedula}`,
      token: other.admin.token,
    });
    expect(hidden.body.entries).toBe(0);
  });
});
