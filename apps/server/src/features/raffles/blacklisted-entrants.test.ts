import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { createTestApp, type TestTenant } from '../../testing/test-app.ts';
import { verifyDraw } from '../../testing/verify-draw.ts';

const t = await createTestApp();

function blacklist(tenant: TestTenant, body: Record<string, unknown>) {
  return t.request({
    method: 'POST',
    url: '/api/blacklist',
    token: tenant.admin.token,
    body: { reason: 'Fraude comprobado', ...body },
  });
}

type Person = { cedula: string };

describe('a person blacklisted after entering a raffle', () => {
  it('cannot win it: the draw leaves out whoever the blacklist names at draw time', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const other = await createActiveCampaign(t, tenant);
    const person = (name: string, i: number) =>
      validAnswers({ name, email: `persona${i}@example.com`, phone: `8888000${i}` });
    const [ana, beto, carla, dora, elena] = [
      person('Ana', 0),
      person('Beto', 1),
      person('Carla', 2),
      person('Dora', 3),
      person('Elena', 4),
    ];
    const people = [ana, beto, carla, dora, elena];
    // each enters twice, before anyone is blacklisted
    for (const answers of [...people, ...people])
      expect((await participate(t, tenant, campaign.name, answers)).status).toBe(201);

    // then: Ana by identity number (formatted as printed), Beto by e-mail (in capitals) for this
    // campaign, Carla by phone; Dora only for another campaign
    const listed = await Promise.all([
      blacklist(tenant, { kind: 'cedula', value: ` ${ana.cedula.slice(0, 1)}-${ana.cedula.slice(1)} ` }),
      blacklist(tenant, { kind: 'email', value: 'Persona1@Example.com', campaignId: campaign.id }),
      blacklist(tenant, { kind: 'phone', value: '8888 0002' }),
      blacklist(tenant, { kind: 'cedula', value: dora.cedula, campaignId: other.id }),
    ]);
    for (const res of listed) expect(res.status, res.text).toBe(201);

    // five places, one prize per person: only the two people not blacklisted here are drawn
    const res = await t.request({
      url: `/api/raffle/select-winners/${campaign.id}?count=3&alternates=2`,
      token: tenant.admin.token,
    });
    expect(res.status, res.text).toBe(200);
    const drawn = [...res.body.winners, ...res.body.alternates].map((p: Person) => p.cedula).sort();
    expect(drawn).toEqual([dora.cedula, elena.cedula].sort());
    expect(res.body.certificate.entriesCount).toBe(4);
    for (const p of [ana, beto, carla]) expect(drawn).not.toContain(p.cedula);

    // the frozen list is the one the certificate's hash names, without the blacklisted people
    const entries = await t.request({
      url: `/api/raffle/draws/${res.body.drawId}/entries`,
      token: tenant.admin.token,
    });
    expect(entries.text.trim().split('\n')).toHaveLength(1 + 4);
    expect(verifyDraw(res.body.certificate, entries.text)).toContain('OK');

    // a commitment freezes the same list
    const committed = await t.request({
      method: 'POST',
      url: `/api/raffle/campaigns/${campaign.id}/commitments`,
      token: tenant.admin.token,
      body: { kind: 'server_secret', options: { count: 5 } },
    });
    expect(committed.status, committed.text).toBe(201);
    expect(committed.body.entriesCount).toBe(4);
  });
});
