import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { checkAnswer, normalise } from '../landings/public-script/checks.ts';

/**
 * E-mail addresses typed with capitals are taken, stored in lowercase and compared without regard
 * to case (issue #44; docs/domain.md: a person's e-mail has no capitals).
 */
const t = await createTestApp();
const tenant = await t.createTenant();
const admin = tenant.admin.token;

async function storedEmail(cedula: string) {
  const res = await t.request({ url: `/api/crm/user-info?cedula=${cedula}`, token: admin });
  expect(res.status, res.text).toBe(200);
  return { email: res.body.participant.email, claims: res.body.claims };
}

/** A back-office POST that must create: its answer's body. */
async function created(url: string, body: Record<string, unknown>) {
  const res = await t.request({ method: 'POST', url, token: admin, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('an e-mail address with capitals', () => {
  it('is taken by the landing form and the participation, and stored in lowercase', async () => {
    const field = { key: 'email', type: 'email', required: false };
    const rules = {
      phoneDigits: 8,
      identity: { label: 'Cédula', pattern: '.*' },
      departments: [],
      minAge: 18,
    };
    const typed = normalise('email', ' Ana.Mora@Example.COM ');
    expect(typed).toBe('ana.mora@example.com');
    expect(checkAnswer(field, typed, rules, '2026-06-01')).toBeNull();
    expect(checkAnswer(field, 'Ana.Mora@Example.COM', rules, '2026-06-01')).toBeNull();

    const campaign = await createActiveCampaign(t, tenant);
    const answers = validAnswers({ email: 'Ana.Mora@Example.COM' });
    const res = await participate(t, tenant, campaign.name, answers);
    expect(res.status, res.text).toBe(201);
    expect((await storedEmail(answers.cedula)).email).toBe('ana.mora@example.com');
  });

  it('is the same address in other capitals: no contact mismatch, no claim', async () => {
    const campaign = await createActiveCampaign(t, tenant, { settings: { contactMismatch: 'refuse' } });
    const answers = validAnswers({ email: 'beto@example.com' });
    expect((await participate(t, tenant, campaign.name, answers)).status).toBe(201);
    const again = await participate(t, tenant, campaign.name, { ...answers, email: 'BETO@Example.com' });
    expect(again.status, again.text).toBe(201);
    expect(await storedEmail(answers.cedula)).toEqual({ email: 'beto@example.com', claims: [] });
  });

  it('is blacklisted whatever its capitals, in the list and as typed', async () => {
    const campaign = await createActiveCampaign(t, tenant);
    const listed = await created('/api/blacklist', {
      kind: 'email',
      value: 'Fraude@Example.com',
      reason: 'Fraude comprobado',
    });
    expect(listed.value).toBe('fraude@example.com');
    const res = await participate(t, tenant, campaign.name, validAnswers({ email: 'FRAUDE@example.COM' }));
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.code).toBe('PARTICIPATION_NOT_ACCEPTED');
  });

  it('is taken by the back office: a person, a CSV of people, a user and the tenant’s support address', async () => {
    const person = await created('/api/crm/create-user', {
      countryCode: 'CR',
      cedula: '304560789',
      email: 'Carla@Example.com',
    });
    expect(person.email).toBe('carla@example.com');

    const csv = 'cedula,name,email\n405670890,Dora,Dora.Ruiz@Example.com\n';
    const { payload, headers } = multipart({ countryCode: 'CR' }, csv);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/participants',
      payload,
      headers: { ...headers, authorization: `Bearer ${admin}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await storedEmail('405670890')).email).toBe('dora.ruiz@example.com');

    const user = await created('/api/users/register', {
      username: 'elena',
      password: 'una-clave-larga',
      role: 'ANALYST',
      email: 'Elena@Example.com',
    });
    expect(user.email).toBe('elena@example.com');

    const config = await t.request({
      method: 'PATCH',
      url: `/api/tenants/${tenant.id}`,
      token: t.superadmin.token,
      body: { config: { supportEmail: 'Soporte@Example.com' } },
    });
    expect(config.status, config.text).toBe(200);
    expect(config.body.config.supportEmail).toBe('soporte@example.com');
  });
});
