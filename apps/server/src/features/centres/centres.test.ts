import { describe, expect, it } from 'vitest';
import { createCentre } from '../../testing/campaign-fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { createTestApp } from '../../testing/test-app.ts';

const t = await createTestApp();
const centre = {
  code: '100200',
  name: 'Centro Paseo',
  department: 'San José',
  latitude: 9.9281,
  longitude: -84.0907,
  phone: '2222 3333',
  hours: 'L-S 9:00-18:00',
};

describe('redemption centres', () => {
  it('are created, listed, searched, updated and deleted', async () => {
    const tenant = await t.createTenant();
    const created = await t.request({
      method: 'POST',
      url: '/api/redemption-centres',
      token: tenant.admin.token,
      body: centre,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...centre, active: true });
    const operator = await t.createUser(tenant, 'OPERATOR', { centreId: created.body.id });
    expect(
      (await t.request({ url: '/api/redemption-centres?q=paseo', token: operator.token })).body.total,
    ).toBe(1);
    const updated = await t.request({
      method: 'PATCH',
      url: `/api/redemption-centres/${created.body.id}`,
      token: tenant.admin.token,
      body: { active: false, hours: 'Cerrado' },
    });
    expect(updated.body).toMatchObject({ active: false, hours: 'Cerrado' });
    expect(
      (await t.request({ url: '/api/redemption-centres?active=true', token: tenant.admin.token })).body.total,
    ).toBe(0);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/redemption-centres/${created.body.id}`,
          token: tenant.admin.token,
        })
      ).status,
    ).toBe(204);
    const user = await t.request({ url: `/api/users/${operator.userId}`, token: tenant.admin.token });
    expect(user.body.centreId).toBeNull();
  });

  it('refuse bad codes and coordinates with the spec’s messages, and taken codes', async () => {
    const tenant = await t.createTenant();
    const bad = await t.request({
      method: 'POST',
      url: '/api/redemption-centres',
      token: tenant.admin.token,
      body: { ...centre, code: '12345', latitude: 95, longitude: -200 },
    });
    expect(bad.status).toBe(400);
    const byPath = Object.fromEntries(
      bad.body.error.details.map((d: { path: string; code: string; message: string }) => [
        d.path,
        [d.code, d.message],
      ]),
    );
    expect(byPath).toEqual({
      code: ['CENTRE_CODE_FORMAT', 'El código del centro de canje debe tener seis dígitos.'],
      latitude: ['INVALID_COORDINATES', 'Las coordenadas no son válidas.'],
      longitude: ['INVALID_COORDINATES', 'Las coordenadas no son válidas.'],
    });
    await t.request({
      method: 'POST',
      url: '/api/redemption-centres',
      token: tenant.admin.token,
      body: centre,
    });
    const taken = await t.request({
      method: 'POST',
      url: '/api/redemption-centres',
      token: tenant.admin.token,
      body: centre,
    });
    expect(taken.body.error.code).toBe('CENTRE_CODE_TAKEN');
    const user = await t.request({
      method: 'POST',
      url: '/api/users/register',
      token: tenant.admin.token,
      body: {
        username: 'opx',
        password: 'a-long-password-1',
        role: 'OPERATOR',
        centreId: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(user.status).toBe(400);
  });

  it('import from CSV with a per-row report; existing codes are updated', async () => {
    const tenant = await t.createTenant();
    await t.request({
      method: 'POST',
      url: '/api/redemption-centres',
      token: tenant.admin.token,
      body: centre,
    });
    const csv = [
      'code,name,address,department,latitude,longitude,phone,hours,active',
      '100200,Centro Paseo Renovado,,San José,9.9281,-84.0907,,,si',
      '100201,Centro Norte,Calle 1,Heredia,"10,0012",-84.1165,,,',
      '12,Malo,,,91,0,,,',
      '100201,Otra vez,,,10,-84,,,',
      '100202,Sin coordenadas,,,,,,,',
    ].join('\n');
    const { payload, headers } = multipart({}, csv);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/redemption-centres?onlyValid=true',
      payload,
      headers: { ...headers, authorization: `Bearer ${tenant.admin.token}` },
    });
    const report = JSON.parse(res.body);
    expect(report).toMatchObject({ total: 5, created: 1, updated: 1 });
    expect(
      report.refused.map((r: { row: number; errors: Array<{ field: string; code: string }> }) => [
        r.row,
        r.errors.map((e) => `${e.field}:${e.code}`),
      ]),
    ).toEqual([
      [4, ['code:CENTRE_CODE_FORMAT', 'latitude:INVALID_COORDINATES']],
      [5, ['code:DUPLICATE_IN_FILE']],
      [6, ['latitude:INVALID_COORDINATES', 'longitude:INVALID_COORDINATES']],
    ]);
    const list = await t.request({ url: '/api/redemption-centres?sort=code', token: tenant.admin.token });
    expect(
      list.body.items.map((c: { code: string; name: string; latitude: number }) => [
        c.code,
        c.name,
        c.latitude,
      ]),
    ).toEqual([
      ['100200', 'Centro Paseo Renovado', 9.9281],
      ['100201', 'Centro Norte', 10.0012],
    ]);
  });

  it('groups need at least one centre of the tenant', async () => {
    const tenant = await t.createTenant();
    const a = await createCentre(t, tenant);
    const empty = await t.request({
      method: 'POST',
      url: '/api/redemption-centre-groups',
      token: tenant.admin.token,
      body: { name: 'Vacío', centreIds: [] },
    });
    expect(empty.body.error.details[0]).toMatchObject({
      path: 'centreIds',
      code: 'CENTRE_REQUIRED',
      message: 'Debe seleccionar al menos un centro de canje.',
    });
    const group = await t.request({
      method: 'POST',
      url: '/api/redemption-centre-groups',
      token: tenant.admin.token,
      body: { name: 'GAM', centreIds: [a.id] },
    });
    expect(group.body).toMatchObject({ name: 'GAM', centreIds: [a.id] });
    const inGroup = await t.request({
      url: `/api/redemption-centres?groupId=${group.body.id}`,
      token: tenant.admin.token,
    });
    expect(inGroup.body.items.map((c: { id: string }) => c.id)).toEqual([a.id]);
    const other = await t.createTenant();
    const foreign = await t.request({
      method: 'POST',
      url: '/api/redemption-centre-groups',
      token: other.admin.token,
      body: { name: 'X', centreIds: [a.id] },
    });
    expect(foreign.body.error.details[0]).toMatchObject({ path: 'centreIds', code: 'FIELD_INVALID' });
  });
});
