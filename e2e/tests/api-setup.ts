import { type APIRequestContext, expect } from '@playwright/test';
import { STANDARD_FORM } from '../../apps/server/src/testing/standard-form.ts';

/** What a journey sets up through the API before its screens: campaigns, their form, centres. */

type Headers = Record<string, string>;

/**
 * The standard form of the server's test fixtures (identity number, name, e-mail, phone, birth
 * date, sex and province); `sex: false` leaves the optional sex out.
 */
export function standardForm({ sex = true }: { sex?: boolean } = {}) {
  return { fields: STANDARD_FORM.fields.filter((field) => sex || field.key !== 'sex') };
}

/**
 * Creates a Costa Rica campaign from `data`, gives it `form` (the standard one unless given; none
 * with `null`) and, unless `active: false`, activates it; answers its id.
 */
export async function createCampaign(
  request: APIRequestContext,
  headers: Headers,
  data: Record<string, unknown>,
  { form = standardForm(), active = true }: { form?: { fields: unknown[] } | null; active?: boolean } = {},
): Promise<string> {
  const created = await request.post('/api/campaigns', { headers, data: { countryCode: 'CR', ...data } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  if (form) {
    const saved = await request.put(`/api/campaigns/${id}/form`, { headers, data: form });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  if (active) await activateCampaign(request, headers, id);
  return id;
}

export async function activateCampaign(
  request: APIRequestContext,
  headers: Headers,
  id: string,
): Promise<void> {
  const active = await request.patch(`/api/campaigns/${id}/active-status`, {
    headers,
    data: { active: true },
  });
  expect(active.status(), await active.text()).toBe(200);
}

/** Creates a redemption centre (in San José unless `data` says otherwise); answers its id. */
export async function createCentre(
  request: APIRequestContext,
  headers: Headers,
  data: { code: string; name: string } & Record<string, unknown>,
): Promise<string> {
  const created = await request.post('/api/redemption-centres', {
    headers,
    data: { department: 'San José', ...data },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** Two centres far apart, in San José and Liberia (Costa Rica), for the map; answers their ids. */
export async function createMapCentres(
  request: APIRequestContext,
  headers: Headers,
  suffix: string,
): Promise<string[]> {
  const places = [
    [`Centro Central ${suffix}`, 9.9333, -84.0833],
    [`Centro Liberia ${suffix}`, 10.6346, -85.4377],
  ] as const;
  const ids: string[] = [];
  for (const [index, [name, latitude, longitude]] of places.entries())
    ids.push(
      await createCentre(request, headers, {
        code: String(300_000 + Math.floor(Math.random() * 600_000) + index),
        name,
        latitude,
        longitude,
        address: `Dirección ${index + 1}`,
      }),
    );
  return ids;
}

/** A woman of San José born in 1990, as she fills the standard form, known by `cedula`. */
export function personAnswers(cedula: string, name: string) {
  return {
    cedula,
    name,
    email: `c${cedula}@example.com`,
    phone: '88887777',
    birthdate: '1990-04-12',
    sex: 'female',
    department: 'San José',
  };
}

/** The person takes part in campaign `campaignName` of `tenant` (consent given); answers the outcome. */
export async function participate(
  request: APIRequestContext,
  tenant: string,
  campaignName: string,
  answers: Record<string, unknown>,
): Promise<{ kind: string; code: string }> {
  const participation = await request.post(`/api/public/${tenant}/campaigns/${campaignName}/participations`, {
    data: { answers, consent: true },
  });
  expect(participation.status(), await participation.text()).toBe(201);
  return ((await participation.json()) as { outcome: { kind: string; code: string } }).outcome;
}
