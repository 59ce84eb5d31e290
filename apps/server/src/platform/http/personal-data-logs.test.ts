import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createActiveCampaign,
  nextCedula,
  participate,
  validAnswers,
} from '../../testing/campaign-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';

/**
 * Known identity numbers, e-mails, phones and names go through succeeding and failing requests
 * (participations, raffle forms, sign-in with an e-mail as user name, searches, NUL-bearing
 * bodies, a database error whose text quotes the row) and the whole log is searched for them.
 */
const t = await createTestApp({ logOutbox: false });
const tenant = await t.createTenant();
const operator = await t.createUser(tenant, 'OPERATOR');
const campaign = await createActiveCampaign(t, tenant, { kind: 'raffle' });
const failing = await createActiveCampaign(t, tenant, { kind: 'raffle' });

const cedula = nextCedula();
const person = {
  cedula,
  email: 'lucia.fernandez.mora@example.com',
  phone: '87654321',
  name: 'Lucía Fernández Mora',
};
const SECOND_EMAIL = 'lfm.segunda@example.org';
// the same values as people type them, and as digits only
const SECRETS = [
  person.cedula,
  person.email,
  SECOND_EMAIL,
  'lucia.fernandez.mora',
  person.phone,
  '8765-4321',
  person.name,
  'Fernández Mora',
  `${cedula.slice(0, 1)}-${cedula.slice(1, 5)}-${cedula.slice(5)}`,
];

describe('no personal data in any log line', () => {
  it('walks succeeding and failing requests carrying the known values', async () => {
    const answers = validAnswers({ ...person });
    expect((await participate(t, tenant, campaign.name, answers)).status).toBe(201);
    // failing: a second participation over the limit or refused, a bad e-mail, a NUL in the name
    await participate(t, tenant, campaign.name, { ...answers, email: `${person.email}@@` });
    await participate(t, tenant, campaign.name, { ...answers, name: `${person.name}\u0000` });
    await participate(t, tenant, campaign.name, { ...answers, phone: '8765-4321' }, { consent: false });
    for (const body of [
      { tenant: tenant.slug, campaign: campaign.name, answers, codes: ['NOPE1234'], consent: true },
      {
        tenant: tenant.slug,
        campaign: campaign.name,
        answers: { ...answers, cedula: `${cedula}\u0000` },
        consent: true,
      },
    ]) {
      await t.request({ method: 'POST', url: '/api/forms/raffle', body });
    }
    await t.request({
      method: 'POST',
      url: '/api/raffle-codes/validate',
      body: { tenant: tenant.slug, campaign: campaign.name, code: 'NOPE1234', cedula },
    });
    // sign-in with an e-mail and an identity number as the user name
    for (const username of [person.email, cedula]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { tenant: tenant.slug, username, password: `${person.phone}-pw` },
      });
      expect(res.status).toBe(401);
    }
    // searches and lookups by the values
    for (const [url, status] of [
      [`/api/participants?q=${encodeURIComponent(person.email)}`, 200],
      [`/api/participants?q=${cedula}`, 200],
      [`/api/campaigns?q=${encodeURIComponent(person.name)}`, 200],
      [`/api/blacklist?q=${person.phone}`, 200],
      [`/api/crm/user-info?cedula=${cedula}`, 200],
      [`/api/crm/user-info?cedula=${cedula}%00`, 400],
      [`/api/users/${encodeURIComponent(person.email)}`, 400],
      [`/api/nothing-here/${encodeURIComponent(person.email)}/${cedula}`, 404],
    ] as const) {
      const res = await t.request({ url, token: tenant.admin.token });
      expect(res.status, url).toBe(status);
    }
    // the person has no reward code: refused with the identity, which the log must not keep
    const lookup = await t.request({
      url: `/api/reward-codes/get-by-cedula/${cedula}`,
      token: operator.token,
    });
    expect(lookup.status).toBe(404);
    expect(lookup.body.error.code).toBe('IDENTITY_INVALID');
    await t.request({
      method: 'POST',
      url: '/api/blacklist',
      token: tenant.admin.token,
      body: { kind: 'email', value: person.email, reason: `fraude ${person.phone}` },
    });
  });

  it('a database error whose text quotes the row answers 500 and logs no value', async () => {
    // a trigger that fails with the whole new row in its message, for this campaign only
    await t.db.ownerQuery(`
      create or replace function fail_with_row() returns trigger language plpgsql as $$
      begin
        if new.campaign_id = '${failing.id}' then raise exception 'cannot store %', row_to_json(new); end if;
        return new;
      end $$`);
    await t.db.ownerQuery(
      'create trigger fail_with_row before insert on participations for each row execute function fail_with_row()',
    );
    // (the person's e-mail is blacklisted by now: a second one of theirs)
    const res = await participate(t, tenant, failing.name, validAnswers({ ...person, email: SECOND_EMAIL }));
    expect(res.status, res.text).toBe(500);
    expect(res.body.error.code).toBe('INTERNAL_ERROR');
    expect(res.text).not.toContain(cedula);
    // and the same error logged by anything else (a job, the outbox) through the app's logger
    try {
      await t.db.tx({ tenantId: null }, (tx) =>
        tx.execute(sql`select ${person.email}::uuid, ${cedula}::int`),
      );
    } catch (error) {
      t.app.log.error({ err: error }, `job failed for ${person.email}`);
    }
    const unexpected = t.logLines.filter((line) => /"level":50/.test(line));
    expect(unexpected.length).toBeGreaterThanOrEqual(2);
    expect(unexpected.join('')).toContain('P0001');
  });

  it('the whole log holds none of the values, nor SQL with its parameters', () => {
    // timings are left out: a response time such as 31.200000001 ms would "contain" an identity number
    const log = t.logLines.map((line) => line.replace(/"(responseTime|time)":[\d.e+-]+/g, '')).join('\n');
    expect(log.length).toBeGreaterThan(1000);
    for (const secret of SECRETS) {
      expect(log, secret).not.toContain(secret);
      expect(log, secret).not.toContain(JSON.stringify(secret).slice(1, -1));
    }
    expect(log).not.toMatch(/Failed query|params:|insert into|select "/i);
  });
});
