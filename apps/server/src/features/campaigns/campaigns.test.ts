import { describe, expect, it } from 'vitest';
import {
  createActiveCampaign,
  participate,
  STANDARD_FORM,
  validAnswers,
} from '../../testing/campaign-fixtures.ts';
import { rewardCodeSetup } from '../../testing/code-fixtures.ts';
import { bulkCustomers } from '../../testing/market-fixtures.ts';
import { createTestApp, type TestTenant } from '../../testing/test-app.ts';

const t = await createTestApp();
const base = {
  title: 'Promo',
  kind: 'reward_code',
  countryCode: 'CR',
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2026-12-31T00:00:00Z',
};

/** Deletes `campaignId` as its tenant's admin, and expects 'Cannot delete a campaign that has data'. */
async function expectRefusedWithData(tenant: TestTenant, campaignId: string) {
  const res = await t.request({
    method: 'DELETE',
    url: `/api/campaigns/${campaignId}`,
    token: tenant.admin.token,
  });
  expect(res.status).toBe(409);
  expect(res.body.error.code).toBe('CAMPAIGN_HAS_DATA');
}

describe('campaigns', () => {
  it('are created as drafts, read, listed with filters, updated and deleted', async () => {
    const tenant = await t.createTenant();
    const name = t.unique('verano');
    const created = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.admin.token,
      body: {
        ...base,
        name,
        redeemFrom: '2026-02-01T00:00:00Z',
        redeemUntil: '2027-01-31T00:00:00Z',
        settings: { centreIds: [] },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name,
      kind: 'reward_code',
      active: false,
      archived: false,
      state: 'draft',
      hasForm: false,
    });
    const id = created.body.id;
    await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.admin.token,
      body: { ...base, name: t.unique('rifa'), kind: 'raffle' },
    });

    const raffles = await t.request({ url: '/api/campaigns?kind=raffle', token: tenant.admin.token });
    expect(raffles.body.items.map((c: { kind: string }) => c.kind)).toEqual(['raffle']);
    const drafts = await t.request({ url: '/api/campaigns?state=draft', token: tenant.admin.token });
    expect(drafts.body.total).toBe(2);
    const searched = await t.request({ url: `/api/campaigns?q=${name}`, token: tenant.admin.token });
    expect(searched.body.items.map((c: { id: string }) => c.id)).toEqual([id]);

    const updated = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${id}`,
      token: tenant.admin.token,
      body: { title: 'Nuevo título', terms: 'Aplican restricciones.' },
    });
    // plain text is kept as rich text: a paragraph
    expect(updated.body).toMatchObject({ title: 'Nuevo título', terms: '<p>Aplican restricciones.</p>' });
    const analyst = await t.createUser(tenant, 'ANALYST');
    expect((await t.request({ url: `/api/campaigns/${id}`, token: analyst.token })).body.title).toBe(
      'Nuevo título',
    );

    expect(
      (await t.request({ method: 'DELETE', url: `/api/campaigns/${id}`, token: tenant.admin.token })).status,
    ).toBe(204);
    expect((await t.request({ url: `/api/campaigns/${id}`, token: tenant.admin.token })).status).toBe(404);
  });

  it('refuses a taken name, a reversed window, an unknown kind or country', async () => {
    const tenant = await t.createTenant();
    const name = t.unique('x');
    await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.admin.token,
      body: { ...base, name },
    });
    const taken = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.admin.token,
      body: { ...base, name },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('CAMPAIGN_NAME_TAKEN');
    const bad = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.admin.token,
      body: { ...base, name: 'Bad Name', kind: 'lottery', endsAt: '2025-01-01T00:00:00Z' },
    });
    const byPath = Object.fromEntries(
      bad.body.error.details.map((d: { path: string; code: string }) => [d.path, d.code]),
    );
    expect(byPath).toMatchObject({ name: 'SLUG_FORMAT', kind: 'FIELD_INVALID' });
    const reversed = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.admin.token,
      body: { ...base, name: t.unique('y'), endsAt: '2025-01-01T00:00:00Z' },
    });
    expect(reversed.body.error.details).toEqual([
      expect.objectContaining({ path: 'endsAt', code: 'DATE_RANGE_INVALID' }),
    ]);
    const country = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.admin.token,
      body: { ...base, name: t.unique('z'), countryCode: 'ZZ' },
    });
    expect(country.body.error.details).toEqual([
      expect.objectContaining({ path: 'countryCode', code: 'FIELD_INVALID' }),
    ]);
  });

  it('move draft → active ⇄ inactive, archive (read-only, hidden) and restore', async () => {
    const tenant = await t.createTenant();
    const created = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.admin.token,
      body: { ...base, kind: 'raffle', name: t.unique('s') },
    });
    const id = created.body.id;
    const noForm = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${id}/active-status`,
      token: tenant.admin.token,
      body: { active: true },
    });
    expect(noForm.status).toBe(422);
    expect(noForm.body.error.code).toBe('CAMPAIGN_FORM_MISSING');
    await t.request({
      method: 'PUT',
      url: `/api/campaigns/${id}/form`,
      token: tenant.admin.token,
      body: STANDARD_FORM,
    });
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/api/campaigns/${id}/active-status`,
          token: tenant.admin.token,
          body: { active: true },
        })
      ).body.state,
    ).toBe('active');
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/api/campaigns/${id}/active-status`,
          token: tenant.admin.token,
          body: { active: false },
        })
      ).body.state,
    ).toBe('inactive');

    const archived = await t.request({
      method: 'POST',
      url: `/api/campaigns/${id}/archive`,
      token: tenant.admin.token,
    });
    expect(archived.body).toMatchObject({ state: 'archived', active: false, archived: true });
    expect((await t.request({ url: '/api/campaigns', token: tenant.admin.token })).body.total).toBe(0);
    expect(
      (await t.request({ url: '/api/campaigns?archived=true', token: tenant.admin.token })).body.total,
    ).toBe(1);
    const edit = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${id}`,
      token: tenant.admin.token,
      body: { title: 'x' },
    });
    expect(edit.body.error.code).toBe('CAMPAIGN_ARCHIVED');
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/api/campaigns/${id}/active-status`,
          token: tenant.admin.token,
          body: { active: true },
        })
      ).body.error.code,
    ).toBe('CAMPAIGN_ARCHIVED');

    expect(
      (await t.request({ method: 'POST', url: `/api/campaigns/${id}/restore`, token: tenant.admin.token }))
        .body.state,
    ).toBe('inactive');
  });

  it('a reward-code campaign needs at least one redemption centre to be activated', async () => {
    const tenant = await t.createTenant();
    const created = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.admin.token,
      body: { ...base, name: t.unique('r') },
    });
    await t.request({
      method: 'PUT',
      url: `/api/campaigns/${created.body.id}/form`,
      token: tenant.admin.token,
      body: STANDARD_FORM,
    });
    const res = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${created.body.id}/active-status`,
      token: tenant.admin.token,
      body: { active: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({
      path: 'settings.centreIds',
      code: 'CENTRE_REQUIRED',
      message: 'Debe seleccionar al menos un centro de canje.',
    });
    const foreign = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${created.body.id}`,
      token: tenant.admin.token,
      body: { settings: { centreIds: ['00000000-0000-4000-8000-000000000000'] } },
    });
    expect(foreign.body.error.details[0]).toMatchObject({
      path: 'settings.centreIds',
      code: 'FIELD_INVALID',
    });
  });

  it('cannot be deleted once people took part: "Cannot delete a campaign that has data"', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    expect((await participate(t, tenant, campaign.name, validAnswers())).status).toBe(201);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/campaigns/${campaign.id}`,
      token: tenant.admin.token,
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'CAMPAIGN_HAS_DATA',
      message: 'No se puede eliminar una campaña que tiene datos.',
    });
  });

  it('cannot be deleted with points held in it, even without a participation: the balances stay', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant, { kind: 'points' });
    await bulkCustomers(t, tenant, campaign.id, 2, 40);
    await expectRefusedWithData(tenant, campaign.id);
    const held = await t.db.ownerQuery<{ balance: number }>(
      'select balance from points_accounts where tenant_id = $1 and campaign_id = $2',
      [tenant.id, campaign.id],
    );
    expect(held.map((row) => row.balance)).toEqual([40, 40]);
  });

  it('cannot be deleted with reward codes and nobody taking part yet: its codes stay', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await rewardCodeSetup(t, tenant, 3);
    await expectRefusedWithData(tenant, campaign.id);
    expect(
      (await t.request({ url: `/api/campaigns/${campaign.id}`, token: tenant.admin.token })).status,
    ).toBe(200);
    const codes = await t.db.ownerQuery(
      'select code from reward_codes where tenant_id = $1 and campaign_id = $2',
      [tenant.id, campaign.id],
    );
    expect(codes).toHaveLength(3);
  });
});

describe('campaign updates', () => {
  it('check the stored windows merged with the change: DATE_RANGE_INVALID on the field, never 500', async () => {
    const tenant = await t.createTenant();
    const { body } = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.admin.token,
      body: {
        ...base,
        name: t.unique('w'),
        redeemFrom: '2026-03-01T00:00:00Z',
        redeemUntil: '2026-06-01T00:00:00Z',
      },
    });
    const cases = [
      { patch: { redeemUntil: '2026-02-01T00:00:00Z' }, path: 'redeemUntil' },
      { patch: { redeemFrom: '2026-07-01T00:00:00Z' }, path: 'redeemUntil' },
      { patch: { endsAt: '2025-12-01T00:00:00Z' }, path: 'endsAt' },
      { patch: { startsAt: '2027-01-01T00:00:00Z' }, path: 'endsAt' },
    ];
    for (const { patch, path } of cases) {
      const res = await t.request({
        method: 'PATCH',
        url: `/api/campaigns/${body.id}`,
        token: tenant.admin.token,
        body: patch,
      });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details).toEqual([
        expect.objectContaining({
          path,
          code: 'DATE_RANGE_INVALID',
          message: 'La fecha final debe ser posterior a la inicial.',
        }),
      ]);
    }
    const cleared = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${body.id}`,
      token: tenant.admin.token,
      body: { redeemFrom: null, redeemUntil: '2026-02-01T00:00:00Z' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ redeemFrom: null, redeemUntil: '2026-02-01T00:00:00.000Z' });
  });

  it('refuse a country change once people took part ("Campaign not updated"), not before', async () => {
    const tenant = await t.createTenant();
    const untouched = await createActiveCampaign(t, tenant);
    const moved = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${untouched.id}`,
      token: tenant.admin.token,
      body: { countryCode: 'GT' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.countryCode).toBe('GT');

    const campaign = await createActiveCampaign(t, tenant);
    expect((await participate(t, tenant, campaign.name, validAnswers())).status).toBe(201);
    const res = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${campaign.id}`,
      token: tenant.admin.token,
      body: { countryCode: 'GT', title: 'Otro' },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'CAMPAIGN_NOT_UPDATED',
      message: 'No se pudo actualizar la campaña.',
      details: [expect.objectContaining({ path: 'countryCode', code: 'COUNTRY_FIXED' })],
    });
    const read = await t.request({ url: `/api/campaigns/${campaign.id}`, token: tenant.admin.token });
    expect(read.body).toMatchObject({ countryCode: 'CR', title: 'Gane con nosotros' });
    // the same country, or other fields, still change
    const same = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${campaign.id}`,
      token: tenant.admin.token,
      body: { countryCode: 'CR', title: 'Otro' },
    });
    expect(same.status).toBe(200);
  });

  it('never let a participation validated for the old country land after a country change', async () => {
    const tenant = await t.createTenant();
    for (let round = 0; round < 4; round++) {
      const campaign = await createActiveCampaign(t, tenant);
      // Costa Rican answers (nine-digit identity, eight-digit phone) that Guatemala refuses
      const [change, ...joined] = await Promise.all([
        t.request({
          method: 'PATCH',
          url: `/api/campaigns/${campaign.id}`,
          token: tenant.admin.token,
          body: { countryCode: 'GT' },
        }),
        ...Array.from({ length: 6 }, () => participate(t, tenant, campaign.name, validAnswers())),
      ]);
      const accepted = joined.filter((r) => r.status === 201).length;
      expect(joined.every((r) => r.status === 201 || r.status === 400)).toBe(true);
      if (change.status === 200) expect(accepted).toBe(0);
      else expect(change.body.error.code).toBe('CAMPAIGN_NOT_UPDATED');
    }
  });
});

describe('forms', () => {
  it('of a new campaign read back empty (no fields until saved)', async () => {
    const tenant = await t.createTenant();
    const { body } = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.admin.token,
      body: { ...base, name: t.unique('f') },
    });
    const read = await t.request({ url: `/api/campaigns/${body.id}/form`, token: tenant.admin.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ fields: [] });
  });

  it('are stored in order and read back', async () => {
    const tenant = await t.createTenant();
    const { body } = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.admin.token,
      body: { ...base, name: t.unique('f') },
    });
    const custom = {
      key: 'favourite',
      type: 'choice',
      label: '¿Sabor favorito?',
      required: true,
      options: ['Fresa', 'Limón'],
    };
    const saved = await t.request({
      method: 'PUT',
      url: `/api/campaigns/${body.id}/form`,
      token: tenant.admin.token,
      body: { fields: [...STANDARD_FORM.fields, custom] },
    });
    expect(saved.status).toBe(200);
    const read = await t.request({ url: `/api/campaigns/${body.id}/form`, token: tenant.admin.token });
    expect(read.body.fields.map((f: { key: string }) => f.key)).toEqual([
      'cedula',
      'name',
      'email',
      'phone',
      'birthdate',
      'sex',
      'department',
      'favourite',
    ]);
  });

  it('must include a department field and a required identity number', async () => {
    const tenant = await t.createTenant();
    const { body } = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.admin.token,
      body: { ...base, name: t.unique('f') },
    });
    const res = await t.request({
      method: 'PUT',
      url: `/api/campaigns/${body.id}/form`,
      token: tenant.admin.token,
      body: {
        fields: [
          { key: 'name', type: 'text', label: 'Nombre' },
          { key: 'name', type: 'text', label: 'Otra vez' },
          { key: 'email', type: 'phone', label: 'x' },
          { key: 'q', type: 'choice', label: 'Elija' },
        ],
      },
    });
    expect(res.status).toBe(400);
    const messages = res.body.error.details.map((d: { path: string; code: string; message: string }) => [
      d.path,
      d.code,
      d.message,
    ]);
    expect(messages).toEqual(
      expect.arrayContaining([
        [
          'fields',
          'DEPARTMENT_FIELD_REQUIRED',
          'La campaña debe incluir un campo de departamento en sus formularios de landing.',
        ],
        ['fields', 'IDENTITY_FIELD_REQUIRED', expect.any(String)],
        ['fields.1.key', 'DUPLICATE_VALUE', expect.any(String)],
        ['fields.2.type', 'FIELD_INVALID', expect.any(String)],
        ['fields.3.options', 'FIELD_REQUIRED', expect.any(String)],
      ]),
    );
  });
});

describe('campaign groups', () => {
  it('need at least one campaign, and group campaigns of the tenant only', async () => {
    const tenant = await t.createTenant();
    const empty = await t.request({
      method: 'POST',
      url: '/api/campaign-groups',
      token: tenant.admin.token,
      body: { name: 'Verano', campaignIds: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details[0]).toMatchObject({
      path: 'campaignIds',
      code: 'CAMPAIGN_GROUP_EMPTY',
      message: 'Un grupo de campañas necesita al menos una campaña.',
    });

    const a = await createActiveCampaign(t, tenant);
    const b = await createActiveCampaign(t, tenant);
    const other = await t.createTenant();
    const foreign = await createActiveCampaign(t, other);
    const refused = await t.request({
      method: 'POST',
      url: '/api/campaign-groups',
      token: tenant.admin.token,
      body: { name: 'Mixto', campaignIds: [a.id, foreign.id] },
    });
    expect(refused.body.error.details[0]).toMatchObject({ path: 'campaignIds', code: 'FIELD_INVALID' });

    const group = await t.request({
      method: 'POST',
      url: '/api/campaign-groups',
      token: tenant.admin.token,
      body: { name: 'Verano', campaignIds: [a.id, b.id] },
    });
    expect(group.status).toBe(201);
    expect(group.body.campaignIds.sort()).toEqual([a.id, b.id].sort());
    expect((await t.request({ url: `/api/campaigns/${a.id}`, token: tenant.admin.token })).body.groupId).toBe(
      group.body.id,
    );
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/campaign-groups/${group.body.id}`,
      token: tenant.admin.token,
      body: { name: 'Invierno', campaignIds: [b.id] },
    });
    expect(renamed.body).toMatchObject({ name: 'Invierno', campaignIds: [b.id] });
    const dup = await t.request({
      method: 'POST',
      url: '/api/campaign-groups',
      token: tenant.admin.token,
      body: { name: 'invierno', campaignIds: [a.id] },
    });
    expect(dup.body.error.code).toBe('CAMPAIGN_GROUP_NAME_TAKEN');
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/campaign-groups/${group.body.id}`,
          token: tenant.admin.token,
        })
      ).status,
    ).toBe(204);
    expect(
      (await t.request({ url: `/api/campaigns/${b.id}`, token: tenant.admin.token })).body.groupId,
    ).toBeNull();
  });
});

describe('campaign rules', () => {
  it('validate their parameters with catalogue messages', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ campaignId: campaign.id, kind: 'max_per_identity', params: {} }, 'params.total', 'FIELD_REQUIRED'],
      [
        { campaignId: campaign.id, kind: 'max_per_identity', params: { perDay: 0 } },
        'params.perDay',
        'REPETITION_COUNT_POSITIVE',
      ],
      [
        { campaignId: campaign.id, kind: 'schedule', params: { days: [1], from: '25:00', to: '10:00' } },
        'params.from',
        'FIELD_INVALID',
      ],
      [{ kind: 'min_age', params: {} }, 'campaignId', 'CAMPAIGN_REQUIRED'],
      [{ campaignId: campaign.id, kind: 'lucky', params: {} }, 'kind', 'FIELD_INVALID'],
    ];
    for (const [body, path, code] of cases) {
      const res = await t.request({
        method: 'POST',
        url: '/api/campaign-rulers',
        token: tenant.admin.token,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ path, code })]),
      );
    }
  });

  it('are listed, changed and removed; min_age defaults to 18', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const rule = await t.request({
      method: 'POST',
      url: '/api/campaign-rulers',
      token: tenant.admin.token,
      body: { campaignId: campaign.id, kind: 'min_age', params: {} },
    });
    expect(rule.body.params).toEqual({ years: 18 });
    const changed = await t.request({
      method: 'PATCH',
      url: `/api/campaign-rulers/${rule.body.id}`,
      token: tenant.admin.token,
      body: { params: { years: 21 } },
    });
    expect(changed.body.params).toEqual({ years: 21 });
    const list = await t.request({
      url: `/api/campaign-rulers?campaignId=${campaign.id}`,
      token: tenant.admin.token,
    });
    expect(list.body).toHaveLength(1);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/campaign-rulers/${rule.body.id}`,
          token: tenant.admin.token,
        })
      ).status,
    ).toBe(204);
  });
});
