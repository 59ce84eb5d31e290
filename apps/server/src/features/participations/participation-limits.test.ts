import { expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import {
  addRule,
  countRows,
  movableClock,
  onBothPaths,
  refusalOf,
  withKey,
  writtenFor,
} from '../../testing/participation-paths.ts';

/** The limits per identity and per group, the departments and the schedule, checked alike on both paths. */
await onBothPaths((t) => {
  it('max per identity: total, and per day up to the local midnight of the campaign’s country', async () => {
    const tenant = await t.createTenant();
    const total = await createActiveCampaign(t, tenant);
    await addRule(t, tenant, { campaignId: total.id, kind: 'max_per_identity', params: { total: 2 } });
    const answers = validAnswers();
    expect((await participate(t, tenant, total.name, answers)).status).toBe(201);
    expect((await participate(t, tenant, total.name, answers)).status).toBe(201);
    const third = await participate(t, tenant, total.name, answers);
    expect(refusalOf(third)).toEqual({ status: 422, code: 'PARTICIPATION_LIMIT', fields: [] });
    expect(third.body.error.message).toBe('Ya alcanzó el máximo de participaciones permitidas.');

    const daily = await createActiveCampaign(t, tenant);
    await addRule(t, tenant, { campaignId: daily.id, kind: 'max_per_identity', params: { perDay: 1 } });
    const clock = movableClock(t);
    clock.set(new Date('2026-06-02T05:00:00Z')); // 23:00 on 1 June in Costa Rica
    expect((await participate(t, tenant, daily.name, answers)).status).toBe(201);
    clock.set(new Date('2026-06-02T05:59:59Z')); // a second before midnight there
    expect(refusalOf(await participate(t, tenant, daily.name, answers))).toEqual({
      status: 422,
      code: 'PARTICIPATION_LIMIT',
      fields: [],
    });
    clock.set(new Date('2026-06-02T06:00:00Z')); // midnight in Costa Rica: a new day
    expect((await participate(t, tenant, daily.name, answers)).status).toBe(201);
    expect((await participate(t, tenant, daily.name, answers)).body.error?.code).toBe('PARTICIPATION_LIMIT');
  });

  it.each(['instant_award', 'points'])(
    'max per identity holds on a %s campaign too (not only raffles)',
    async (kind) => {
      const tenant = await t.createTenant();
      const campaign = await createActiveCampaign(t, tenant, { kind });
      await addRule(t, tenant, { campaignId: campaign.id, kind: 'max_per_identity', params: { total: 1 } });
      const answers = validAnswers();
      expect((await participate(t, tenant, campaign.name, answers)).status).toBe(201);
      expect(refusalOf(await participate(t, tenant, campaign.name, answers))).toEqual({
        status: 422,
        code: 'PARTICIPATION_LIMIT',
        fields: [],
      });
      expect((await participate(t, tenant, campaign.name, validAnswers())).status).toBe(201);
    },
  );

  it('allowed departments and schedule; a refusal writes nothing', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    await addRule(t, tenant, {
      campaignId: campaign.id,
      kind: 'departments',
      params: { allowed: ['Heredia', 'Cartago'] },
    });
    const before = await writtenFor(t, tenant.id);
    const refused = await participate(t, tenant, campaign.name, validAnswers(), withKey(t.unique('k')));
    expect(refusalOf(refused)).toEqual({ status: 422, code: 'DEPARTMENT_NOT_ALLOWED', fields: [] });
    expect(refused.body.error.message).toBe('Esta promoción no está disponible en su departamento.');
    expect(await writtenFor(t, tenant.id)).toEqual(before);
    expect(
      (await participate(t, tenant, campaign.name, validAnswers({ department: 'Heredia' }))).status,
    ).toBe(201);

    const timed = await createActiveCampaign(t, tenant);
    // the test clock is Monday 1 June 2026, 09:00 in Costa Rica
    await addRule(t, tenant, {
      campaignId: timed.id,
      kind: 'schedule',
      params: { days: [1, 2, 3, 4, 5], from: '10:00', to: '18:00' },
    });
    const outside = await writtenFor(t, tenant.id);
    expect(
      refusalOf(await participate(t, tenant, timed.name, validAnswers(), withKey(t.unique('k')))),
    ).toEqual({ status: 422, code: 'OUTSIDE_SCHEDULE', fields: [] });
    expect(await writtenFor(t, tenant.id)).toEqual(outside);
    const clock = movableClock(t);
    clock.set(new Date('2026-06-01T16:30:00Z'));
    expect((await participate(t, tenant, timed.name, validAnswers())).status).toBe(201);
  });

  it('a group rule counts across the group’s campaigns: in total, and per local day', async () => {
    const tenant = await t.createTenant();
    const group = async (params: Record<string, number>) => {
      const a = await createActiveCampaign(t, tenant);
      const b = await createActiveCampaign(t, tenant);
      const created = await t.request({
        method: 'POST',
        url: '/api/campaign-groups',
        token: tenant.admin.token,
        body: { name: t.unique('Temporada'), campaignIds: [a.id, b.id] },
      });
      expect(created.status, created.text).toBe(201);
      await addRule(t, tenant, { groupId: created.body.id, kind: 'max_per_identity', params });
      return [a.name, b.name] as const;
    };
    const limit = { status: 422, code: 'PARTICIPATION_LIMIT', fields: [] };

    const [a, b] = await group({ total: 1 });
    const answers = validAnswers();
    expect((await participate(t, tenant, a, answers)).status).toBe(201);
    expect(refusalOf(await participate(t, tenant, b, answers))).toEqual(limit);
    expect((await participate(t, tenant, b, validAnswers())).status).toBe(201);

    const [c, d] = await group({ perDay: 1 });
    const clock = movableClock(t);
    clock.set(new Date('2026-06-02T05:00:00Z')); // 23:00 on 1 June in Costa Rica
    expect((await participate(t, tenant, c, answers)).status).toBe(201);
    clock.set(new Date('2026-06-02T05:59:59Z'));
    expect(refusalOf(await participate(t, tenant, d, answers))).toEqual(limit);
    clock.set(new Date('2026-06-02T06:00:00Z')); // a new day there: one more in the group
    expect((await participate(t, tenant, d, answers)).status).toBe(201);
    expect(refusalOf(await participate(t, tenant, c, answers))).toEqual(limit);
  });

  it('50 simultaneous submissions of one identity under "1 per identity" give exactly one participation', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    await addRule(t, tenant, { campaignId: campaign.id, kind: 'max_per_identity', params: { total: 1 } });
    const answers = validAnswers();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => participate(t, tenant, campaign.name, answers)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.body.error?.code === 'PARTICIPATION_LIMIT')).toHaveLength(49);
    expect(
      await countRows(t, 'participations', 'tenant_id = $1 and campaign_id = $2', [tenant.id, campaign.id]),
    ).toBe(1);
    expect(await countRows(t, 'participants', 'tenant_id = $1', [tenant.id])).toBe(1);
  });
});
