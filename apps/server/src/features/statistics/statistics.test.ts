import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';

const t = await createTestApp();

describe('campaign statistics', async () => {
  const tenant = await t.createTenant();
  const a = await createActiveCampaign(t, tenant);
  const b = await createActiveCampaign(t, tenant);
  const group = (
    await t.request({
      method: 'POST',
      url: '/api/campaign-groups',
      token: tenant.admin.token,
      body: { name: 'Todo', campaignIds: [a.id, b.id] },
    })
  ).body;
  const mobile = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile' };
  await participate(
    t,
    tenant,
    a.name,
    validAnswers({ sex: 'female', department: 'San José', birthdate: '2000-01-01' }),
    { headers: mobile },
  );
  await participate(
    t,
    tenant,
    a.name,
    validAnswers({ sex: 'male', department: 'Heredia', birthdate: '1980-01-01' }),
  );
  const start = t.clock.now();
  t.clock.set(new Date('2026-06-03T15:00:00Z'));
  await participate(
    t,
    tenant,
    a.name,
    validAnswers({ sex: 'male', department: 'Heredia', birthdate: '1950-01-01' }),
  );
  await participate(
    t,
    tenant,
    b.name,
    validAnswers({ sex: 'female', department: 'Limón', birthdate: '1995-01-01' }),
  );
  t.clock.set(start);

  it('general: participations per day and per device', async () => {
    const res = await t.request({
      url: `/api/campaigns/${a.id}/statistics/general`,
      token: tenant.admin.token,
    });
    expect(res.body).toEqual({
      participations: 3,
      participants: 3,
      byDay: [
        { day: '2026-06-01', participations: 2 },
        { day: '2026-06-03', participations: 1 },
      ],
      byDevice: [
        { deviceClass: 1, participations: 1 },
        { deviceClass: 3, participations: 2 },
      ],
    });
    const ranged = await t.request({
      url: `/api/campaigns/${a.id}/statistics/general?from=2026-06-02&to=2026-06-30`,
      token: tenant.admin.token,
    });
    expect(ranged.body.participations).toBe(1);
  });

  it('by department, age band and sex, department and sex', async () => {
    const analyst = await t.createUser(tenant, 'ANALYST');
    const dept = await t.request({
      url: `/api/campaigns/${a.id}/statistics/department`,
      token: analyst.token,
    });
    expect(dept.body).toEqual([
      { department: 'Heredia', participations: 2 },
      { department: 'San José', participations: 1 },
    ]);
    const age = await t.request({ url: `/api/campaigns/${a.id}/statistics/age`, token: analyst.token });
    expect(age.body).toEqual([
      { band: '25-34', sex: 'female', participations: 1 },
      { band: '45-54', sex: 'male', participations: 1 },
      { band: '65+', sex: 'male', participations: 1 },
    ]);
    const ds = await t.request({
      url: `/api/campaigns/${a.id}/statistics/department-sex`,
      token: analyst.token,
    });
    expect(ds.body).toEqual([
      { department: 'Heredia', sex: 'male', participations: 2 },
      { department: 'San José', sex: 'female', participations: 1 },
    ]);
  });

  it('of a campaign group add up its campaigns', async () => {
    const res = await t.request({
      url: `/api/campaign-groups/${group.id}/statistics/department`,
      token: tenant.admin.token,
    });
    expect(res.body).toEqual([
      { department: 'Heredia', participations: 2 },
      { department: 'Limón', participations: 1 },
      { department: 'San José', participations: 1 },
    ]);
  });

  it('download as CSV', async () => {
    const res = await t.request({
      url: `/api/campaigns/${a.id}/statistics/general?format=csv`,
      token: tenant.admin.token,
    });
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.text.replace(/^\uFEFF/, '')).toBe('Día,Participaciones\r\n2026-06-01,2\r\n2026-06-03,1\r\n');
    const bySex = await t.request({
      url: `/api/campaigns/${a.id}/statistics/department-sex?format=csv`,
      token: tenant.admin.token,
    });
    const lines = bySex.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // Costa Rica names its divisions "Provincia"; sexes in words
    expect(lines[0]).toBe('Provincia,Sexo,Participaciones');
    expect(lines.slice(1).every((l) => /,(Mujer|Hombre|Otro|Sin dato),\d+$/.test(l))).toBe(true);
  });

  it('are not given to operators nor for another tenant’s campaign', async () => {
    const operator = await t.createUser(tenant, 'OPERATOR');
    expect(
      (await t.request({ url: `/api/campaigns/${a.id}/statistics/general`, token: operator.token })).status,
    ).toBe(403);
    const other = await t.createTenant();
    expect(
      (await t.request({ url: `/api/campaigns/${a.id}/statistics/general`, token: other.admin.token }))
        .status,
    ).toBe(404);
  });
});
