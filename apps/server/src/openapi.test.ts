import { describe, expect, it } from 'vitest';
import { createTestApp } from './testing/test-app.ts';

const t = await createTestApp();

type Operation = { responses?: Record<string, { content?: Record<string, unknown> }> };

/**
 * Routes that answer no JSON, so they declare no response schema. A route answering JSON (also
 * when a `format` query can turn it into a download) declares the JSON one instead.
 */
const NOT_JSON: Record<string, string> = {
  'GET /healthz': 'operations probe for load balancers, outside /api',
  'GET /readyz': 'operations probe for load balancers, outside /api',
  'GET /api/participants/export': 'CSV or XLSX download, streamed',
  'GET /api/reconciliation-reports/reward-codes': 'CSV or XLSX download, streamed',
  'GET /api/reconciliation-reports/redemptions': 'CSV or XLSX download, streamed',
  'GET /api/reconciliation-reports/redemption-totals': 'CSV or XLSX download',
  'GET /api/reconciliation-reports/orders': 'CSV or XLSX download',
  'GET /api/reconciliation-reports/order-totals': 'CSV or XLSX download',
  'GET /api/raffle/draws/{id}/certificate': 'printable HTML page',
  'GET /api/raffle/draws/{id}/entries': 'CSV download (hashed by the certificate)',
  'GET /api/raffle/winners/{id}': 'CSV or XLSX download',
  'GET /api/raffle/campaigns/{id}/entries/export': 'CSV or XLSX download, streamed',
  'GET /api/redeem-code-batches/{id}/codes': 'CSV or XLSX download',
};

/** A declared success answer: JSON with its schema, or 204 (no content). */
function declaresSuccess(operation: Operation): boolean {
  return Object.entries(operation.responses ?? {}).some(
    ([status, answer]) => status === '204' || (/^2/.test(status) && answer.content?.['application/json']),
  );
}

describe('the OpenAPI document', () => {
  it('has a response schema for every route but the downloads and pages named here', async () => {
    const spec = (await t.request({ url: '/api/openapi.json' })).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    const routes = Object.entries(spec.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        route: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );
    const undeclared = routes.filter(
      ({ route, operation }) => !declaresSuccess(operation) && !NOT_JSON[route],
    );
    expect(undeclared.map(({ route }) => route)).toEqual([]);
    // an exemption of a route that is gone, or that now declares its answer, is dropped
    const declared = routes.filter(({ route, operation }) => NOT_JSON[route] && declaresSuccess(operation));
    expect(declared.map(({ route }) => route)).toEqual([]);
    expect(Object.keys(NOT_JSON).filter((route) => !routes.some((r) => r.route === route))).toEqual([]);
  });
});
