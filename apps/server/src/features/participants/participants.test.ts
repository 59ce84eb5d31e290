import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  createActiveCampaign,
  nextCedula,
  participate,
  validAnswers,
} from '../../testing/campaign-fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { createTestApp } from '../../testing/test-app.ts';

const t = await createTestApp();

describe('CRM', () => {
  it('looks a person up by identity number with their participations across campaigns', async () => {
    const tenant = await t.createTenant();
    const a = await createActiveCampaign(t, tenant);
    const b = await createActiveCampaign(t, tenant);
    const answers = validAnswers();
    await participate(t, tenant, a.name, answers);
    await participate(t, tenant, b.name, answers);
    const res = await t.request({
      url: `/api/crm/user-info?cedula=${answers.cedula}`,
      token: tenant.admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.participant).toMatchObject({
      cedula: answers.cedula,
      name: answers.name,
      email: answers.email,
      participations: 2,
    });
    expect(res.body.participations.map((p: { campaignName: string }) => p.campaignName).sort()).toEqual(
      [a.name, b.name].sort(),
    );

    for (const cedula of [nextCedula(), '1-0234-0567']) {
      const missing = await t.request({
        url: `/api/crm/user-info?cedula=${cedula}`,
        token: tenant.admin.token,
      });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toMatchObject({
        code: 'IDENTITY_INVALID',
        message: 'El número de identificación no existe o no es válido.',
      });
    }
    const other = await t.createTenant();
    expect(
      (await t.request({ url: `/api/crm/user-info?cedula=${answers.cedula}`, token: other.admin.token }))
        .status,
    ).toBe(404);
  });

  it('masks identity, phone, e-mail and birthdate for analysts', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const answers = validAnswers();
    await participate(t, tenant, campaign.name, answers);
    const analyst = await t.createUser(tenant, 'ANALYST');
    const list = await t.request({ url: '/api/participants', token: analyst.token });
    const row = list.body.items[0];
    expect(row.cedula).toBe(`••••••${answers.cedula.slice(-3)}`);
    expect(row).toMatchObject({
      phone: '••••••77',
      email: 'm•••@example.com',
      birthdate: '1990-••-••',
      name: answers.name,
    });
    const admin = await t.request({ url: '/api/participants', token: tenant.admin.token });
    expect(admin.body.items[0].cedula).toBe(answers.cedula);
  });

  it('creates a person with the country’s rules', async () => {
    const tenant = await t.createTenant();
    const bad = await t.request({
      method: 'POST',
      url: '/api/crm/create-user',
      token: tenant.admin.token,
      body: { countryCode: 'GT', cedula: '12345', phone: '123', email: 'a b@b.co' },
    });
    expect(bad.status).toBe(400);
    const byPath = Object.fromEntries(
      bad.body.error.details.map((d: { path: string; code: string }) => [d.path, d.code]),
    );
    expect(byPath).toEqual({ cedula: 'IDENTITY_PATTERN', phone: 'PHONE_DIGITS', email: 'EMAIL_FORMAT' });
    const ok = await t.request({
      method: 'POST',
      url: '/api/crm/create-user',
      token: tenant.admin.token,
      body: { countryCode: 'GT', cedula: '2345678910101', name: 'Juan', department: 'Petén' },
    });
    expect(ok.status).toBe(201);
    const dup = await t.request({
      method: 'POST',
      url: '/api/crm/create-user',
      token: tenant.admin.token,
      body: { countryCode: 'GT', cedula: '2345678910101' },
    });
    expect(dup.body.error.code).toBe('PARTICIPANT_EXISTS');
  });

  it('erases a person on request, keeping anonymous statistics', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const answers = validAnswers({ sex: 'male', department: 'Cartago' });
    await participate(t, tenant, campaign.name, answers);
    const info = await t.request({
      url: `/api/crm/user-info?cedula=${answers.cedula}`,
      token: tenant.admin.token,
    });
    const id = info.body.participant.id;
    const exported = await t.request({ url: `/api/participants/${id}/export`, token: tenant.admin.token });
    expect(exported.body.participant.cedula).toBe(answers.cedula);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/participants/${id}`, token: tenant.admin.token }))
        .status,
    ).toBe(204);

    expect(
      (await t.request({ url: `/api/crm/user-info?cedula=${answers.cedula}`, token: tenant.admin.token }))
        .status,
    ).toBe(404);
    const [row] = await t.db.ownerQuery<Record<string, unknown>>(
      'select cedula, name, email, phone, birthdate, birth_year, sex, department from participants where tenant_id = $1 and id = $2',
      [tenant.id, id],
    );
    expect(row).toEqual({
      cedula: null,
      name: null,
      email: null,
      phone: null,
      birthdate: null,
      birth_year: 1990,
      sex: 'male',
      department: 'Cartago',
    });
    const [answersRow] = await t.db.ownerQuery<{ answers: unknown }>(
      'select answers from participations where tenant_id = $1 and participant_id = $2',
      [tenant.id, id],
    );
    expect(answersRow?.answers).toEqual({});
    const stats = await t.request({
      url: `/api/campaigns/${campaign.id}/statistics/age`,
      token: tenant.admin.token,
    });
    expect(stats.body).toEqual([{ band: '35-44', sex: 'male', participations: 1 }]);
    const audits = await t.db.ownerQuery(
      'select action from audit_log where tenant_id = $1 and entity_id = $2 order by id',
      [tenant.id, id],
    );
    expect(audits.map((a) => (a as { action: string }).action)).toEqual([
      'participant.export',
      'participant.erase',
    ]);
  });

  it('exports people as CSV with formula injection neutralised', async () => {
    const tenant = await t.createTenant();
    await t.request({
      method: 'POST',
      url: '/api/crm/create-user',
      token: tenant.admin.token,
      body: { countryCode: 'CR', cedula: '102340567', name: 'Ana' },
    });
    await t.db.ownerExec(
      `update participants set name = '=HYPERLINK("http://evil")' where tenant_id = '${tenant.id}'`,
    );
    const res = await t.request({ url: '/api/participants/export', token: tenant.admin.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="participantes.csv"');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // Spanish headers; Costa Rica names its divisions "Provincia"
    expect(lines[0]).toBe(
      'Id,Identificación,Nombre,Correo,Teléfono,Fecha de nacimiento,Sexo,Provincia,Consentimiento,Registrado',
    );
    expect(lines[1]).toContain(`,102340567,"'=HYPERLINK(""http://evil"")"`);
  });

  it('exports people as XLSX, streamed, with typed cells (no formulas)', async () => {
    const tenant = await t.createTenant();
    await t.request({
      method: 'POST',
      url: '/api/crm/create-user',
      token: tenant.admin.token,
      body: { countryCode: 'CR', cedula: '102340567', name: 'Ana' },
    });
    await t.db.ownerExec(
      `update participants set name = '=1+1', sex = 'female', birthdate = '1990-05-01' where tenant_id = '${tenant.id}'`,
    );
    const res = await t.app.inject({
      url: '/api/participants/export?format=xlsx',
      headers: { authorization: `Bearer ${tenant.admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="participantes.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Participantes');
    expect(sheet?.getRow(1).getCell(2).value).toBe('Identificación');
    expect(sheet?.getRow(2).getCell(2).value).toBe('102340567');
    expect(sheet?.getRow(2).getCell(3).value).toBe('=1+1');
    // a real date cell, the value in Spanish, and the registration as a local date and time
    expect(sheet?.getRow(2).getCell(6).value).toEqual(new Date('1990-05-01T00:00:00Z'));
    expect(sheet?.getRow(2).getCell(6).numFmt).toBe('dd/mm/yyyy');
    expect(sheet?.getRow(2).getCell(7).value).toBe('Mujer');
    expect(sheet?.getRow(2).getCell(10).value).toBeInstanceOf(Date);
    expect(sheet?.getRow(2).getCell(10).numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it('imports a CSV of people with a row-by-row report of what was refused and why', async () => {
    const tenant = await t.createTenant();
    await t.request({
      method: 'POST',
      url: '/api/crm/create-user',
      token: tenant.admin.token,
      body: { countryCode: 'CR', cedula: '102340567' },
    });
    const csv = [
      'cedula,name,email,phone,birthdate,sex,department',
      '102340567,Ana Existente,ana@example.com,88887777,1990-01-01,female,San José',
      '203450678,Beto Nuevo,,,,,Heredia',
      '3-0456-0789,Malo,mal @x.com,123,,,Narnia',
      '203450678,Repetido,,,,,',
      ',Sin cédula,,,,,',
    ].join('\n');
    const { payload, headers } = multipart({ countryCode: 'CR' }, csv);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/participants?onlyValid=true',
      payload,
      headers: { ...headers, authorization: `Bearer ${tenant.admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    const report = JSON.parse(res.body);
    expect(report).toMatchObject({ total: 5, created: 1, updated: 1 });
    expect(
      report.refused.map((r: { row: number; errors: Array<{ field: string; code: string }> }) => [
        r.row,
        r.errors.map((e) => `${e.field}:${e.code}`),
      ]),
    ).toEqual([
      [4, ['cedula:IDENTITY_FORMAT', 'email:EMAIL_FORMAT', 'phone:PHONE_DIGITS', 'department:FIELD_INVALID']],
      [5, ['cedula:DUPLICATE_IN_FILE']],
      [6, ['cedula:FIELD_REQUIRED']],
    ]);
    const list = await t.request({ url: '/api/participants?sort=cedula', token: tenant.admin.token });
    expect(list.body.items.map((p: { cedula: string; name: string }) => [p.cedula, p.name])).toEqual([
      ['102340567', 'Ana Existente'],
      ['203450678', 'Beto Nuevo'],
    ]);
  });

  it('refuses a file that is not the expected CSV', async () => {
    const tenant = await t.createTenant();
    const { payload, headers } = multipart({ countryCode: 'CR' }, 'nombre;telefono\nAna;8888');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/participants',
      payload,
      headers: { ...headers, authorization: `Bearer ${tenant.admin.token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).error.code).toBe('UPLOAD_INVALID');
  });
});
