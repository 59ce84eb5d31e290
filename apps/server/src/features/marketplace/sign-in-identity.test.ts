import { describe, expect, it } from 'vitest';
import { createPerson, lastCode, marketSetup } from '../../testing/market-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { checkAnswer, normalise } from '../landings/public-script/checks.ts';
import { signInIdentity } from '../market-pages/public-script/market-model.ts';

/**
 * An identity number typed as it is printed is taken by the landing form and by the marketplace
 * sign-in alike (issue #44): one table of cases for both, and the sign-in's server path.
 */
const t = await createTestApp();
const tenant = await t.createTenant();
const m = await marketSetup(t, tenant);
const signInUrl = `/api/public/${tenant.slug}/marketplace-authentication/${m.campaign.name}`;

/** How people type an identity number `d` (nine digits), as it is printed or bare. */
const CASES: Array<[string, (d: string) => string]> = [
  ['bare', (d) => d],
  ['spaces around', (d) => `  ${d}  `],
  ['hyphens as printed', (d) => `${d.slice(0, 1)}-${d.slice(1, 5)}-${d.slice(5)}`],
  ['spaces as printed', (d) => `${d.slice(0, 1)} ${d.slice(1, 5)} ${d.slice(5)}`],
  ['dots', (d) => `${d.slice(0, 1)}.${d.slice(1, 5)}.${d.slice(5)}`],
  ['hyphens and spaces', (d) => ` ${d.slice(0, 1)} - ${d.slice(1, 5)} - ${d.slice(5)} `],
];

const CEDULA = { key: 'cedula', type: 'cedula', required: true };
const CR = {
  phoneDigits: 8,
  phonePrefix: '+506',
  identity: { label: 'Cédula', pattern: '^([1-9][0-9]{8}|[0-9]{11,12})$' },
  departments: ['San José'],
  minAge: 18,
};

describe('an identity number typed as printed', () => {
  it.each(CASES)('%s: the landing form and the marketplace sign-in both take it', async (_name, format) => {
    // a person each (a person may ask for five codes in ten minutes)
    const person = await createPerson(t, tenant);
    const typed = format(person.cedula);
    // the landing form: normalised as sent, then checked
    const answer = normalise('cedula', typed, CR);
    expect(answer).toBe(person.cedula);
    expect(checkAnswer(CEDULA, answer, CR, '2026-06-01')).toBeNull();
    // the marketplace page: what it sends
    expect(signInIdentity(typed)).toEqual({ cedula: person.cedula });
    // the sign-in itself, sent as typed: the code goes to the person, and signs them in
    const sent = await t.request({ method: 'POST', url: signInUrl, body: { cedula: typed } });
    expect(sent.status, sent.text).toBe(200);
    const verified = await t.request({
      method: 'POST',
      url: `${signInUrl}/verify`,
      body: { cedula: typed, code: await lastCode(t, tenant.id) },
    });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.person.id).toBe(person.id);
  });
});
