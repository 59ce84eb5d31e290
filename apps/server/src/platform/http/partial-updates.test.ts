import { describe, expect, it } from 'vitest';
import { createActiveCampaign, createCentre, STANDARD_FORM } from '../../testing/campaign-fixtures.ts';
import type { JsonSchema } from '../../testing/openapi-samples.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { mergePatch } from '../merge-patch.ts';

/**
 * Every PATCH operation of the OpenAPI document changes only what its body names (issue #35):
 * for each, a resource with every field filled (not with defaults) is read through its GET, then
 * changed by PATCH bodies naming one field each (one nested key for a nested object; a null
 * there removes the key), and read again: the named field has changed, to what was sent, and
 * nothing else has, at any depth. A PATCH operation without a fixture here fails, and so does a
 * body property no patch of its fixture names, and a PATCH body schema that applies defaults
 * (a default fills the fields a PATCH leaves out).
 */
const t = await createTestApp();
const tenant = await t.createTenant();
const admin = tenant.admin.token;
const su = t.superadmin.token;

type Json = Record<string, unknown>;
type Resource = {
  /** The resource as its GET answers it. */
  read: () => Promise<Json>;
  patchUrl: string;
  token: string;
};
type OnePatch = {
  /** A PATCH body naming one field (one nested key for a nested object). */
  body: Json;
  /** The change as the read-back shows it, when not as sent. */
  shows?: Json;
  /** Read-back fields that follow the change by rule (a campaign's state follows `active`). */
  follows?: string[];
  /** A change the read-back cannot show (a password), checked here on the read-back instead. */
  check?: (after: Json) => Promise<unknown>;
};
type Fixture = {
  create: () => Promise<Resource>;
  patches: OnePatch[];
  /** Body properties that cannot be sent alone, with the reason. */
  notAlone?: Record<string, string>;
};

/** Fields that move with any change (a record's version grows on every save). */
const BOOKKEEPING = ['updatedAt', 'version'];

async function ok(request: Parameters<typeof t.request>[0]): Promise<Json> {
  const res = await t.request(request);
  if (res.status !== 200 && res.status !== 201) throw new Error(`${request.url}: ${res.status} ${res.text}`);
  return res.body;
}

const get =
  (url: string, token = admin) =>
  () =>
    ok({ url, token });
const post = (url: string, body: Json, token = admin) => ok({ method: 'POST', url, token, body });

async function readFromList(url: string, id: unknown): Promise<Json> {
  const list = await ok({ url, token: admin });
  const items = (Array.isArray(list) ? list : list.items) as Json[];
  const found = items.find((item) => item.id === id);
  if (!found) throw new Error(`${id} is not in ${url}`);
  return found;
}

let countrySerial = 0;
const physicalProduct = (name: string) =>
  post('/api/products', {
    name,
    description: 'Algodón',
    kind: 'physical',
    redeemWith: 'points',
    pricePoints: 30,
    stock: 10,
    images: ['https://img.test/a.png'],
    active: false,
  });
// a product a marketplace is moved to (bodies are written before any fixture runs)
const spareProduct = await physicalProduct('Taza');
const draftCampaign = (overrides: Json = {}) =>
  post('/api/campaigns', {
    name: t.unique('c'),
    title: 'Gane',
    kind: 'raffle',
    countryCode: 'CR',
    startsAt: '2026-07-01T00:00:00.000Z',
    endsAt: '2026-12-01T00:00:00.000Z',
    ...overrides,
  });

const FIXTURES: Record<string, Fixture> = {
  'PATCH /api/countries/{code}': {
    async create() {
      const code = `Q${String.fromCharCode(65 + countrySerial++)}`;
      await post(
        '/api/countries',
        {
          code,
          name: 'Quimera',
          timeZone: 'America/Costa_Rica',
          currency: 'CRC',
          phonePrefix: '+599',
          phoneDigits: 8,
          identity: { label: 'DNI', pattern: '^[0-9]{9}$', example: '123456789' },
          departmentLabel: 'Provincia',
          departments: ['Norte', 'Sur'],
        },
        su,
      );
      return { read: get(`/api/countries/${code}`, su), patchUrl: `/api/countries/${code}`, token: su };
    },
    patches: [
      { body: { name: 'Quimera del Sur' } },
      { body: { timeZone: 'America/Panama' } },
      { body: { currency: 'USD' } },
      { body: { phonePrefix: '+507' } },
      { body: { phoneDigits: 7 } },
      { body: { identity: { label: 'Cédula' } } },
      { body: { departmentLabel: 'Región' } },
      { body: { departments: ['Este'] } },
    ],
  },

  'PATCH /api/tenants/{id}': {
    async create() {
      const created = await post(
        '/api/tenants',
        {
          slug: t.unique('p'),
          name: 'Marca',
          countryCode: 'CR',
          theme: {
            preset: 'dark-purple',
            colors: { primary: '#112233', accent: '#445566' },
            logoUrl: 'https://img.test/logo.png',
            font: 'serif',
          },
          config: {
            tagManagerId: 'GTM-ABCD12',
            supportEmail: 'ayuda@marca.test',
            supportPhone: '2222-3333',
            defaultLocale: 'en',
            mapTiles: { url: 'https://tiles.test/{z}/{x}/{y}.png', attribution: 'Mapas' },
            emojiServiceKey: 'emoji-key-123',
          },
        },
        su,
      );
      const url = `/api/tenants/${created.id}`;
      return { read: get(url, su), patchUrl: url, token: su };
    },
    patches: [
      { body: { name: 'Marca Dos' } },
      { body: { status: 'suspended' } },
      { body: { countryCode: 'GT' } },
      { body: { theme: { font: 'rounded' } } },
      { body: { theme: { colors: { primary: '#000000' } } } },
      { body: { theme: { colors: { accent: null } } } },
      { body: { config: { supportEmail: 'otra@marca.test' } } },
      { body: { config: { mapTiles: { attribution: 'Otros mapas' } } } },
    ],
  },

  'PATCH /api/users/{id}': {
    async create() {
      const centre = await createCentre(t, tenant);
      const created = await t.createUser(tenant, 'OPERATOR', {
        name: 'Ana',
        email: 'ana@marca.test',
        centreId: centre.id,
      });
      const url = `/api/users/${created.userId}`;
      return { read: get(url), patchUrl: url, token: admin };
    },
    patches: [
      { body: { name: 'Ana María' } },
      { body: { email: 'ana.maria@marca.test' } },
      { body: { role: 'ANALYST' } },
      { body: { centreId: null } },
      { body: { active: false } },
    ],
  },

  'PATCH /api/users/configuration/{id}': {
    async create() {
      const user = await t.createUser(tenant, 'ANALYST');
      const url = `/api/users/configuration/${user.userId}`;
      await ok({
        method: 'PATCH',
        url,
        token: admin,
        body: {
          locale: 'en',
          theme: 'dark-purple',
          persistentLogin: true,
          tableSettings: { users: { pageSize: 20 }, campaigns: { pageSize: 10 } },
        },
      });
      return { read: get(url), patchUrl: url, token: admin };
    },
    patches: [
      { body: { locale: 'es' } },
      { body: { theme: 'light' } },
      { body: { persistentLogin: false } },
      { body: { tableSettings: { campaigns: { pageSize: 50 } } } },
      { body: { tableSettings: { users: null } } },
    ],
  },

  'PATCH /api/users/password/{id}': {
    async create() {
      const user = await t.createUser(tenant, 'ANALYST', { name: 'Luis', email: 'luis@marca.test' });
      return {
        read: get(`/api/users/${user.userId}`),
        patchUrl: `/api/users/password/${user.userId}`,
        token: admin,
      };
    },
    patches: [
      {
        body: { newPassword: 'otra-clave-segura-123' },
        shows: {},
        check: (user) => t.login(String(user.username), tenant.slug, 'otra-clave-segura-123'),
      },
    ],
    notAlone: { currentPassword: 'sent with newPassword, by a user changing their own' },
  },

  'PATCH /api/redemption-centres/{id}': {
    async create() {
      const centre = await createCentre(t, tenant, {
        address: 'Avenida 1',
        phone: '2222-4444',
        hours: 'L-V 8-17',
        active: false,
      });
      const url = `/api/redemption-centres/${centre.id}`;
      return { read: get(url), patchUrl: url, token: admin };
    },
    patches: [
      { body: { code: '987654' } },
      { body: { name: 'Centro Norte' } },
      { body: { address: 'Avenida 2' } },
      { body: { department: 'Heredia' } },
      { body: { latitude: 10.01 } },
      { body: { longitude: -84.12 } },
      { body: { phone: '2222-5555' } },
      { body: { hours: 'L-S 9-18' } },
      { body: { active: true } },
    ],
  },

  'PATCH /api/products/{id}': {
    async create() {
      const product = await physicalProduct('Camiseta');
      const url = `/api/products/${product.id}`;
      return { read: get(url), patchUrl: url, token: admin };
    },
    patches: [
      { body: { name: 'Camiseta azul' } },
      { body: { description: 'Algodón orgánico' } },
      { body: { redeemWith: 'code' } },
      { body: { pricePoints: 45 } },
      { body: { stock: 20 } },
      { body: { images: ['https://img.test/b.png'] } },
      { body: { active: true } },
    ],
  },

  'PATCH /api/marketplaces/{id}': {
    async create() {
      const campaign = await createActiveCampaign(t, tenant, { kind: 'points' });
      const first = await physicalProduct('Gorra');
      const created = await post('/api/marketplaces', {
        name: 'Tienda',
        templateId: 'grid-2',
        campaignId: campaign.id,
        productIds: [first.id],
        opensAt: '2026-05-01T00:00:00.000Z',
        closesAt: '2026-11-01T00:00:00.000Z',
        appearance: { primaryColor: '#123456', bannerUrl: 'https://img.test/banner.png', headline: 'Hola' },
        active: false,
      });
      const url = `/api/marketplaces/${created.id}`;
      return { read: get(url), patchUrl: url, token: admin };
    },
    patches: [
      { body: { name: 'Tienda Dos' } },
      { body: { templateId: 'showcase' } },
      { body: { productIds: [spareProduct.id] } },
      { body: { opensAt: '2026-04-01T00:00:00.000Z' } },
      { body: { closesAt: '2026-10-01T00:00:00.000Z' } },
      { body: { appearance: { headline: 'Bienvenida' } } },
      { body: { appearance: { bannerUrl: null } } },
      { body: { active: true }, follows: ['publicState'] },
    ],
  },

  'PATCH /api/instant-award-prizes/{id}': {
    async create() {
      const campaign = await draftCampaign({ kind: 'instant_award' });
      const centre = await createCentre(t, tenant);
      const prize = await post(`/api/instant-awards/${campaign.id}/prizes`, {
        name: 'Bicicleta',
        value: 100,
        stock: 3,
        centreId: centre.id,
        department: 'San José',
      });
      return {
        read: () => readFromList(`/api/instant-awards/${campaign.id}/prizes`, prize.id),
        patchUrl: `/api/instant-award-prizes/${prize.id}`,
        token: admin,
      };
    },
    patches: [
      { body: { name: 'Bicicleta de montaña' } },
      { body: { value: 150 } },
      { body: { stock: 5 } },
      { body: { centreId: null } },
      { body: { department: 'Heredia' } },
    ],
  },

  'PATCH /api/campaigns/{id}': {
    async create() {
      const other = await draftCampaign();
      const group = await post('/api/campaign-groups', { name: t.unique('g'), campaignIds: [other.id] });
      const campaign = await draftCampaign({
        description: 'Descripción',
        redeemFrom: '2026-07-02T00:00:00.000Z',
        redeemUntil: '2026-12-02T00:00:00.000Z',
        terms: '<p>Bases</p>',
        privacy: '<p>Aviso</p>',
        groupId: group.id,
        settings: { pointsPerParticipation: 5, pointsExpiryDays: 30, contactMismatch: 'refuse' },
      });
      const url = `/api/campaigns/${campaign.id}`;
      return { read: get(url), patchUrl: url, token: admin };
    },
    patches: [
      { body: { name: t.unique('n') } },
      { body: { title: 'Gane más' } },
      { body: { description: 'Otra descripción' } },
      { body: { countryCode: 'GT' } },
      { body: { startsAt: '2026-07-15T00:00:00.000Z' } },
      { body: { endsAt: '2026-11-15T00:00:00.000Z' } },
      { body: { redeemFrom: '2026-07-16T00:00:00.000Z' } },
      { body: { redeemUntil: '2026-11-16T00:00:00.000Z' } },
      { body: { terms: '<p>Bases nuevas</p>' } },
      { body: { privacy: '<p>Aviso nuevo</p>' } },
      { body: { groupId: null } },
      { body: { settings: { pointsExpiryDays: 60 } } },
      { body: { settings: { pointsPerParticipation: null } } },
      { body: { settings: { contactMismatch: 'record' } } },
    ],
    notAlone: { version: 'a precondition of a change (the version it was made on), not a change itself' },
  },

  'PATCH /api/campaigns/{id}/active-status': {
    async create() {
      const campaign = await draftCampaign({ description: 'Descripción' });
      await ok({
        method: 'PUT',
        url: `/api/campaigns/${campaign.id}/form`,
        token: admin,
        body: STANDARD_FORM,
      });
      return {
        read: get(`/api/campaigns/${campaign.id}`),
        patchUrl: `/api/campaigns/${campaign.id}/active-status`,
        token: admin,
      };
    },
    patches: [{ body: { active: true }, follows: ['state'] }],
  },

  'PATCH /api/campaign-rulers/{id}': {
    async create() {
      const campaign = await draftCampaign();
      const rule = await post('/api/campaign-rulers', {
        campaignId: campaign.id,
        kind: 'max_per_identity',
        params: { total: 5, perDay: 2 },
      });
      return {
        read: () => readFromList(`/api/campaign-rulers?campaignId=${campaign.id}`, rule.id),
        patchUrl: `/api/campaign-rulers/${rule.id}`,
        token: admin,
      };
    },
    patches: [{ body: { params: { perDay: 3 } } }, { body: { params: { total: null } } }],
  },
};

type Operation = { requestBody?: { content: Record<string, { schema: JsonSchema }> } };
const spec = (await t.request({ url: '/api/openapi.json' })).body as {
  paths: Record<string, Record<string, Operation>>;
};
const patchOperations = Object.entries(spec.paths).flatMap(([path, methods]) =>
  methods.patch
    ? [{ route: `PATCH ${path}`, body: methods.patch.requestBody?.content['application/json']?.schema ?? {} }]
    : [],
);

/** Where a schema declares a default, as dotted paths. */
function defaultsIn(schema: JsonSchema, path = ''): string[] {
  const here = schema.default !== undefined ? [path || '(body)'] : [];
  const nested = [
    ...Object.entries(schema.properties ?? {}).flatMap(([key, s]) =>
      defaultsIn(s, path ? `${path}.${key}` : key),
    ),
    ...(typeof schema.additionalProperties === 'object'
      ? defaultsIn(schema.additionalProperties, `${path}.*`)
      : []),
    ...(schema.items ? defaultsIn(schema.items, `${path}[]`) : []),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((s) =>
      defaultsIn(s, path),
    ),
  ];
  return [...here, ...nested];
}

/** The path of the one value a body names, through nested objects (an array is one value). */
function onlyLeaf(body: Json): string[] {
  const entries = Object.entries(body);
  expect(entries, `${JSON.stringify(body)} names one field`).toHaveLength(1);
  const [key, value] = entries[0] as [string, unknown];
  return value && typeof value === 'object' && !Array.isArray(value)
    ? [key, ...onlyLeaf(value as Json)]
    : [key];
}

const valueAt = (value: unknown, path: string[]) =>
  path.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], value);

/** The read-back a change should give: top-level fields set (null included), nested objects merged. */
function expectedAfter(before: Json, change: Json): Json {
  const expected = { ...before };
  for (const [key, value] of Object.entries(change))
    expected[key] = value === null ? null : mergePatch(before[key], value);
  return expected;
}

describe('partial updates', () => {
  it('has a fixture for every PATCH operation of the OpenAPI document, and none for another', () => {
    const routes = patchOperations.map((operation) => operation.route);
    expect(routes.length).toBeGreaterThanOrEqual(12);
    expect(routes.filter((route) => !FIXTURES[route])).toEqual([]);
    expect(Object.keys(FIXTURES).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(patchOperations)('$route changes only what it names', async ({ route, body }) => {
    const fixture = FIXTURES[route];
    if (!fixture) throw new Error(`no fixture for ${route}`);
    expect(defaultsIn(body), 'defaults in the PATCH body schema').toEqual([]);
    const named = new Set(fixture.patches.flatMap((patch) => Object.keys(patch.body)));
    const unnamed = Object.keys(body.properties ?? {}).filter(
      (key) => !named.has(key) && !fixture.notAlone?.[key],
    );
    expect(unnamed, 'body properties no patch names').toEqual([]);

    const resource = await fixture.create();
    let before = await resource.read();
    for (const patch of fixture.patches) {
      const what = `${route} ${JSON.stringify(patch.body)}`;
      const leaf = onlyLeaf(patch.body);
      const res = await t.request({
        method: 'PATCH',
        url: resource.patchUrl,
        token: resource.token,
        body: patch.body,
      });
      expect(res.status, `${what}: ${res.text}`).toBe(200);
      const after = await resource.read();
      if (patch.check) await patch.check(after);
      else
        expect(valueAt(after, leaf), `${what} changes ${leaf.join('.')}`).not.toEqual(valueAt(before, leaf));
      const expected = expectedAfter(before, patch.shows ?? patch.body);
      for (const key of [...BOOKKEEPING, ...(patch.follows ?? [])])
        if (key in after) expected[key] = after[key];
      expect(after, `${what} changes nothing else`).toEqual(expected);
      before = after;
    }
  });
});
