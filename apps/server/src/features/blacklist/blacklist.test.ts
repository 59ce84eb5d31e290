import { describe, expect, it } from 'vitest';
import { createActiveCampaign } from '../../testing/campaign-fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { createTestApp } from '../../testing/test-app.ts';

const t = await createTestApp();

describe('blacklist', () => {
  it('stores values normalised, lists, searches and removes them', async () => {
    const tenant = await t.createTenant();
    const added = await t.request({
      method: 'POST',
      url: '/api/blacklist',
      token: tenant.admin.token,
      body: { kind: 'phone', value: '8888-7777', reason: 'Reclamos falsos' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ kind: 'phone', value: '88887777', campaignId: null });
    const list = await t.request({ url: '/api/blacklist?q=8888', token: tenant.admin.token });
    expect(list.body.total).toBe(1);
    const analyst = await t.createUser(tenant, 'ANALYST');
    expect((await t.request({ url: '/api/blacklist', token: analyst.token })).status).toBe(200);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/blacklist',
          token: analyst.token,
          body: { kind: 'phone', value: '1', reason: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/blacklist/${added.body.id}`,
          token: tenant.admin.token,
        })
      ).status,
    ).toBe(204);
    expect((await t.request({ url: '/api/blacklist', token: tenant.admin.token })).body.total).toBe(0);
  });

  it('imports a CSV with a row-by-row report; values already listed stay as they are', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    await t.request({
      method: 'POST',
      url: '/api/blacklist',
      token: tenant.admin.token,
      body: { kind: 'email', value: 'ya@example.com', reason: 'antes' },
    });
    const csv = [
      'kind,value,reason,campaign',
      'cedula,1-0234-0567,Fraude,',
      `email,YA@example.com,Otra vez,`,
      `phone,88887777,Spam,${campaign.name}`,
      'fax,123,Nada,',
      'cedula,102340567,Repetida,',
      'phone,22223333,,',
      'phone,22224444,Sin campaña,no-existe',
    ].join('\n');
    const { payload, headers } = multipart({}, csv);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/blacklist?onlyValid=true',
      payload,
      headers: { ...headers, authorization: `Bearer ${tenant.admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    const report = JSON.parse(res.body);
    expect(report).toMatchObject({ total: 7, created: 2, unchanged: 1 });
    expect(
      report.refused.map((r: { row: number; errors: Array<{ field: string; code: string }> }) => [
        r.row,
        r.errors.map((e) => `${e.field}:${e.code}`),
      ]),
    ).toEqual([
      [5, ['kind:FIELD_INVALID']],
      [6, ['value:DUPLICATE_IN_FILE']],
      [7, ['reason:FIELD_REQUIRED']],
      [8, ['campaign:FIELD_INVALID']],
    ]);
    expect(report.refused[1].errors[0].message).toBe('Este valor ya aparece en la línea 2 del archivo.');
    const list = await t.request({
      url: `/api/blacklist?campaignId=${campaign.id}`,
      token: tenant.admin.token,
    });
    expect(list.body.items.map((e: { value: string }) => e.value)).toEqual(['88887777']);
  });
});
