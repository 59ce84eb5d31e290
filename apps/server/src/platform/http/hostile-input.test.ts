import type { Role } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import { createActiveCampaign, validAnswers } from '../../testing/campaign-fixtures.ts';
import {
  allLeaves,
  type JsonSchema,
  type Path,
  sampleValue,
  stringLeaves,
  withValueAt,
  wrongType,
} from '../../testing/openapi-samples.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { MAX_URL_LENGTH } from './framework-refusals.ts';
import { INPUT_LIMITS } from './input-guard.ts';

/**
 * Every operation of the OpenAPI document, called by a caller that may reach it, with hostile
 * values in each path parameter, each query parameter it declares and each property of its body
 * (built valid-looking from its request schema, so the hostile value is the only fault): NUL,
 * a control character and a lone surrogate, over-long text, 10,000 levels of nesting and wrong
 * types. Nothing answers 5xx; characters that cannot be stored are refused on their field.
 */
const t = await createTestApp();
const tenant = await t.createTenant();
const operator = await t.createUser(tenant, 'OPERATOR');
const analyst = await t.createUser(tenant, 'ANALYST');
const campaign = await createActiveCampaign(t, tenant, { kind: 'raffle' });
const answers = validAnswers();

type Operation = {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
const spec = (await t.request({ url: '/api/openapi.json' })).body as {
  paths: Record<string, Record<string, Operation>>;
};

const known = {
  tenant: tenant.slug,
  slug: tenant.slug,
  campaign: campaign.name,
  campaignId: campaign.id,
  id: campaign.id,
  cedula: answers.cedula,
  identity: answers.cedula,
  answers,
  consent: true,
  countryCode: 'CR',
  code: 'ABCD1234',
  email: answers.email,
  phone: answers.phone,
  q: 'ana',
};

const sessions: Partial<Record<Role, string>> = {
  ADMIN: tenant.admin.token,
  SUPERADMIN: t.superadmin.token,
  OPERATOR: operator.token,
  ANALYST: analyst.token,
};
const access = new Map(t.app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));

/** The token of a caller that may reach the operation (none for public ones). */
function callerOf(method: string, path: string): string | undefined {
  const declared = access.get(`${method} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
  if (!declared || declared === 'public') return undefined;
  const role = (['ADMIN', 'SUPERADMIN', 'OPERATOR', 'ANALYST'] as const).find((r) =>
    (declared as readonly Role[]).includes(r),
  );
  return role && sessions[role];
}

const operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => {
    const params = (op.parameters ?? []).filter((p) => p.in === 'path');
    const query = (op.parameters ?? []).filter((p) => p.in === 'query');
    const bodySchema = op.requestBody?.content['application/json']?.schema;
    return {
      path,
      method: method.toUpperCase() as 'GET',
      token: callerOf(method.toUpperCase(), path),
      params: Object.fromEntries(
        params.map((p) => [p.name, String(sampleValue(p.schema ?? {}, known, p.name))]),
      ),
      query: Object.fromEntries(
        query.map((p) => [p.name, String(sampleValue(p.schema ?? {}, known, p.name))]),
      ),
      body: bodySchema ? sampleValue(bodySchema, known) : undefined,
    };
  }),
);
type Op = (typeof operations)[number];

function urlOf(op: Op, params: Record<string, string>, query: Record<string, string>) {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

let requests = 0;
async function call(
  op: Op,
  variant: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; raw?: string },
) {
  requests += 1;
  const res = await t.request({
    method: op.method,
    url: urlOf(op, variant.params ?? op.params, variant.query ?? op.query),
    token: op.token,
    ...(variant.raw !== undefined
      ? { body: variant.raw, headers: { 'content-type': 'application/json' } }
      : variant.body !== undefined
        ? { body: variant.body }
        : {}),
  });
  const label = `${op.method} ${op.path} ${JSON.stringify(variant).slice(0, 160)}`;
  expect(res.status, `${label} → ${res.text.slice(0, 300)}`).toBeLessThan(500);
  expect(res.text, label).not.toMatch(/\bat .+\.(ts|js):\d+|Failed query|syntax error|violates|relation "/i);
  return res;
}

/** The answer names `path` as holding characters that cannot be stored. */
function expectRefusedAt(res: Awaited<ReturnType<typeof call>>, path: string) {
  expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBe(400);
  expect(res.body.error.code).toBe('VALIDATION_FAILED');
  expect(res.body.error.details).toContainEqual(
    expect.objectContaining({ path, code: 'FIELD_CHARACTERS_INVALID' }),
  );
}

const pathOf = (p: Path) => p.join('.');
const NESTING = 10_000;

describe('hostile input on every operation', () => {
  it('covers the whole document, the public raffle and participation operations included', () => {
    expect(operations.length).toBeGreaterThan(150);
    for (const needed of [
      'POST /api/forms/raffle',
      'POST /api/raffle-codes/validate',
      'GET /api/public/{tenant}/campaigns/{campaign}',
      'POST /api/public/{tenant}/campaigns/{campaign}/participations',
    ]) {
      expect(operations.map((o) => `${o.method} ${o.path}`)).toContain(needed);
    }
  });

  it.each(operations)('$method $path: unstorable characters are refused on their field', async (op) => {
    for (const bad of ['a\u0000b', 'a\u001fb']) {
      for (const name of Object.keys(op.params)) {
        expectRefusedAt(
          await call(op, { params: { ...op.params, [name]: bad }, body: op.body }),
          `params.${name}`,
        );
      }
      for (const name of Object.keys(op.query)) {
        expectRefusedAt(
          await call(op, { query: { ...op.query, [name]: bad }, body: op.body }),
          `querystring.${name}`,
        );
      }
    }
    if (op.body === undefined) return;
    for (const leaf of stringLeaves(op.body)) {
      for (const bad of ['a\u0000b', 'a\ud800b']) {
        expectRefusedAt(await call(op, { body: withValueAt(op.body, leaf, bad) }), pathOf(leaf));
      }
    }
    // a hostile key is refused too (free-form objects store their keys)
    if (op.body && typeof op.body === 'object' && !Array.isArray(op.body)) {
      const res = await call(op, { body: { ...op.body, 'k\u0000': 'v' } });
      expect(res.status).toBe(400);
    }
  });

  it.each(operations)('$method $path: over-long text, deep nesting and wrong types are 4xx', async (op) => {
    for (const name of Object.keys(op.params)) {
      const res = await call(op, { params: { ...op.params, [name]: 'x'.repeat(300) }, body: op.body });
      expect(res.status).toBe(414);
    }
    if (Object.keys(op.query).length > 0) {
      const long = Object.fromEntries(Object.keys(op.query).map((name) => [name, 'x'.repeat(1000)]));
      // an address over the server's limit is refused before any route (414), a shorter one by the
      // query's schema
      const tooLong = urlOf(op, op.params, long).length > MAX_URL_LENGTH;
      const longRes = await call(op, { query: long, body: op.body });
      expect(longRes.status).toBe(tooLong ? 414 : 400);
      expect(longRes.body.error.code).toBe(tooLong ? 'URL_TOO_LONG' : 'VALIDATION_FAILED');
      const wrong = Object.fromEntries(Object.keys(op.query).map((name) => [name, '[object Object]']));
      await call(op, { query: wrong, body: op.body });
    }
    if (op.body === undefined) return;
    let long: unknown = op.body;
    for (const leaf of stringLeaves(op.body))
      long = withValueAt(long, leaf, 'x'.repeat(INPUT_LIMITS.maxTextLength + 1));
    if (stringLeaves(op.body).length > 0) expect((await call(op, { body: long })).status).toBe(400);

    const nested = `${'{"a":'.repeat(NESTING)}1${'}'.repeat(NESTING)}`;
    const sample = JSON.stringify(op.body);
    const deep =
      sample.startsWith('{') && sample !== '{}'
        ? `{"deep":${nested},${sample.slice(1)}`
        : `{"deep":${nested}}`;
    const deepRes = await call(op, { raw: deep });
    expect(deepRes.status).toBe(400);
    expect(deepRes.body.error.details[0].path).toMatch(/^deep\.a\.a/);

    let wrong: unknown = op.body;
    for (const leaf of allLeaves(op.body))
      wrong = withValueAt(wrong, leaf, wrongType(undefinedSafe(op.body, leaf)));
    const wrongRes = await call(op, { body: wrong });
    // a rule change's `params` are free-form (the rule's kind checks them once the rule is found):
    // no type is wrong there, and the sample id is a campaign's, no rule's
    const freeForm = op.path === '/api/campaign-rulers/{id}';
    expect(wrongRes.status, wrongRes.text).toBe(freeForm ? 404 : 400);
    expect(wrongRes.body.error.code).toBe(freeForm ? 'NOT_FOUND' : 'VALIDATION_FAILED');
    for (const whole of [[op.body], 'text', 42, null]) await call(op, { raw: JSON.stringify(whole) });
  });

  it('no request made the server log an unexpected error', () => {
    expect(requests).toBeGreaterThan(1000);
    const errors = t.logLines.filter((line) => /"level":50/.test(line));
    expect(errors.map((line) => line.slice(0, 300))).toEqual([]);
  });
});

function undefinedSafe(value: unknown, path: Path): unknown {
  let node = value as Record<string | number, unknown> | undefined;
  for (const key of path) node = node?.[key] as Record<string | number, unknown> | undefined;
  return node;
}
