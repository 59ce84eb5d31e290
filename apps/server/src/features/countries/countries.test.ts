import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';

const t = await createTestApp();
const su = () => t.superadmin.token;

const newCountry = (code: string) => ({
  code,
  name: `País ${code}`,
  timeZone: 'America/Mexico_City',
  currency: 'MXN',
  phonePrefix: '+52',
  phoneDigits: 10,
  identity: { label: 'CURP', pattern: '^[A-Z0-9]{18}$', example: null },
  departmentLabel: 'Estado',
  departments: ['Jalisco', 'Yucatán'],
});

describe('countries', () => {
  it('are seeded with Central America and Panama, with departments, phone digits and identity rules', async () => {
    const tenant = await t.createTenant();
    const res = await t.request({ url: '/api/countries', token: tenant.admin.token });
    expect(res.status).toBe(200);
    const codes = res.body.map((c: { code: string }) => c.code).sort();
    expect(codes).toEqual(expect.arrayContaining(['CR', 'GT', 'HN', 'NI', 'PA', 'SV']));
    const cr = res.body.find((c: { code: string }) => c.code === 'CR');
    expect(cr).toMatchObject({
      phoneDigits: 8,
      timeZone: 'America/Costa_Rica',
      identity: { label: 'Cédula' },
      departmentLabel: 'Provincia',
    });
    expect(cr.departments).toEqual([
      'San José',
      'Alajuela',
      'Cartago',
      'Heredia',
      'Guanacaste',
      'Puntarenas',
      'Limón',
    ]);
    const pub = await t.request({ url: '/api/public/countries/HN' });
    expect(pub.body.departments).toHaveLength(18);
  });

  it('platform admin creates, updates (departments replaced in order) and deletes a country', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/countries',
      token: su(),
      body: newCountry('MX'),
    });
    expect(created.status).toBe(201);
    const dup = await t.request({
      method: 'POST',
      url: '/api/countries',
      token: su(),
      body: newCountry('MX'),
    });
    expect(dup.body.error.code).toBe('COUNTRY_CODE_TAKEN');
    const updated = await t.request({
      method: 'PATCH',
      url: '/api/countries/MX',
      token: su(),
      body: { departments: ['Yucatán', 'Oaxaca'], phoneDigits: 10 },
    });
    expect(updated.body.departments).toEqual(['Yucatán', 'Oaxaca']);
    expect((await t.request({ url: '/api/countries/MX', token: su() })).body.departments).toEqual([
      'Yucatán',
      'Oaxaca',
    ]);
    expect((await t.request({ method: 'DELETE', url: '/api/countries/MX', token: su() })).status).toBe(204);
    expect((await t.request({ url: '/api/countries/MX', token: su() })).status).toBe(404);
  });

  it('refuses invalid time zones, patterns and repeated departments', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/countries',
      token: su(),
      body: {
        ...newCountry('BZ'),
        timeZone: 'Mars/Olympus',
        identity: { label: 'ID', pattern: '([' },
        departments: ['Cayo', 'cayo'],
      },
    });
    expect(res.status).toBe(400);
    const byPath = Object.fromEntries(
      res.body.error.details.map((d: { path: string; code: string }) => [d.path, d.code]),
    );
    expect(byPath).toMatchObject({
      timeZone: 'TIME_ZONE_INVALID',
      'identity.pattern': 'PATTERN_INVALID',
      'departments.1': 'DUPLICATE_VALUE',
    });
  });

  it('refuses to delete a country that tenants use', async () => {
    await t.createTenant({ countryCode: 'SV' });
    const res = await t.request({ method: 'DELETE', url: '/api/countries/SV', token: su() });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('COUNTRY_IN_USE');
  });
});
