import { STANDARD_FORM } from './standard-form.ts';
import type { TestApp, TestTenant } from './test-app.ts';

export { STANDARD_FORM };

let serial = 100_000_000;
/** A valid Costa Rican identity number, different each call. */
export function nextCedula(): string {
  serial += 1;
  return String(serial + 100_000_000);
}

export function validAnswers(overrides: Record<string, unknown> = {}) {
  return {
    cedula: nextCedula(),
    name: 'María José Pérez',
    email: 'maria@example.com',
    phone: '88887777',
    birthdate: '1990-05-01',
    sex: 'female',
    department: 'San José',
    ...overrides,
  };
}

let centreSerial = 100_000;
/** A redemption centre of the tenant (six-digit code, San José). */
export async function createCentre(t: TestApp, tenant: TestTenant, overrides: Record<string, unknown> = {}) {
  centreSerial += 1;
  const res = await t.request({
    method: 'POST',
    url: '/api/redemption-centres',
    token: tenant.admin.token,
    body: {
      code: String(centreSerial),
      name: `Centro ${centreSerial}`,
      department: 'San José',
      latitude: 9.93,
      longitude: -84.08,
      ...overrides,
    },
  });
  if (res.status !== 201) throw new Error(`centre: ${res.text}`);
  return res.body as { id: string; code: string; name: string };
}

/**
 * An active campaign (Costa Rica, open around the test clock) with the standard form; a
 * reward-code campaign gets a centre of its own unless settings are given.
 */
/** A new draft campaign of `tenant` (a raffle in Costa Rica through 2026, titled 'Gane con nosotros'). */
export async function createDraftCampaign(
  t: TestApp,
  tenant: TestTenant,
  overrides: Record<string, unknown> = {},
) {
  const created = await t.request({
    method: 'POST',
    url: '/api/campaigns',
    token: tenant.admin.token,
    body: {
      name: t.unique('c'),
      title: 'Gane con nosotros',
      kind: 'raffle',
      countryCode: 'CR',
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2026-12-31T00:00:00Z',
      ...overrides,
    },
  });
  if (created.status !== 201) throw new Error(`campaign: ${created.text}`);
  return created;
}

export async function createActiveCampaign(
  t: TestApp,
  tenant: TestTenant,
  overrides: Record<string, unknown> = {},
) {
  if (overrides.kind === 'reward_code' && !overrides.settings) {
    overrides = { ...overrides, settings: { centreIds: [(await createCentre(t, tenant)).id] } };
  }
  const created = await createDraftCampaign(t, tenant, overrides);
  const form = await t.request({
    method: 'PUT',
    url: `/api/campaigns/${created.body.id}/form`,
    token: tenant.admin.token,
    body: STANDARD_FORM,
  });
  if (form.status !== 200) throw new Error(`form: ${form.text}`);
  const active = await t.request({
    method: 'PATCH',
    url: `/api/campaigns/${created.body.id}/active-status`,
    token: tenant.admin.token,
    body: { active: true },
  });
  if (active.status !== 200) throw new Error(`activate: ${active.text}`);
  return active.body as { id: string; name: string; kind: string };
}

export function participate(
  t: TestApp,
  tenant: TestTenant,
  campaignName: string,
  answers: Record<string, unknown>,
  extra: { headers?: Record<string, string>; consent?: unknown } = {},
) {
  return t.request({
    method: 'POST',
    url: `/api/public/${tenant.slug}/campaigns/${campaignName}/participations`,
    body: { answers, consent: extra.consent ?? true },
    ...(extra.headers ? { headers: extra.headers } : {}),
  });
}
