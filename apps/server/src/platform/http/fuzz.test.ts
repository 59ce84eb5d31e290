import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';

/**
 * A generated pass over the OpenAPI document: every operation gets malformed bodies, queries and
 * path parameters from every kind of caller. Nothing may answer 5xx or show internals.
 */
const t = await createTestApp();
const tenant = await t.createTenant();
const spec = (await t.request({ url: '/api/openapi.json' })).body as {
  paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
};

const junkValues: unknown[] = [
  null,
  0,
  -1,
  1e308,
  '',
  ' ',
  'x'.repeat(5000),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  { $ne: 1 },
  [1, 2],
  true,
  '💥',
  '../../etc/passwd',
];
const junkParams = ['x', '0', '-1', '00000000-0000-0000-0000-000000000000', '%00', 'a'.repeat(300), "'", 'ñ'];

const operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
  Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
);

describe('OpenAPI fuzz', () => {
  it('has operations to fuzz', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it.each(operations)('$method $path never answers 5xx nor leaks internals', async ({ path, method }) => {
    const tokens = [undefined, t.superadmin.token, tenant.admin.token];
    for (const [i, param] of junkParams.entries()) {
      const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(param));
      const query = `?page=${encodeURIComponent(String(junkValues[i % junkValues.length]))}&pageSize=-5&sort=${encodeURIComponent('x;drop')}&q=${encodeURIComponent('%_\\')}`;
      for (const token of tokens) {
        const bodies =
          method === 'GET' || method === 'DELETE'
            ? [undefined]
            : [
                junkValues[i],
                Object.fromEntries(
                  [
                    'username',
                    'password',
                    'name',
                    'slug',
                    'code',
                    'role',
                    'token',
                    'uuid',
                    'newPassword',
                    'theme',
                    'departments',
                  ].map((k, j) => [k, junkValues[(i + j) % junkValues.length]]),
                ),
              ];
        for (const body of bodies) {
          const res = await t.request({
            method: method as 'GET',
            url: url + query,
            token,
            body: body === undefined ? undefined : body,
          });
          expect(res.status, `${method} ${url} ${JSON.stringify(body)?.slice(0, 80)}`).toBeLessThan(500);
          expect(res.text).not.toMatch(/\bat .+\.(ts|js):\d+|stack|syntax error|violates|relation "/i);
        }
      }
    }
  });
});
