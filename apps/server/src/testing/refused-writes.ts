import type { ErrorCode } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import { multipart } from './multipart.ts';
import { snapshotTables } from './table-snapshot.ts';
import type { TestApp, TestTenant } from './test-app.ts';

/**
 * "A refused request changes nothing" (issue #44), walked over the routes that write several
 * rows: each case makes what its request needs, then the request it must refuse (its last row
 * wrong, or a row the database refuses) is answered with the catalogue error, and every table
 * (the tenant's rows, and the shared tables) is as it was (`snapshotTables`).
 */
export type Answer = {
  status: number;
  body: { error?: { code: string; details?: Array<{ path: string; code: string }> } };
};
export type Send = () => Promise<Answer>;
export type RefusalCase = {
  /** Makes what the request needs (in the tenant) and answers the request to refuse. */
  refused: (tenant: TestTenant) => Promise<Send>;
  status: number;
  code: ErrorCode;
  /** The refusal of the row or field at fault, and where (`path: code`); null: none named. */
  detail: string | null;
};

/** A tenant id no tenant has. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A CSV: its header, then its rows. */
export const csv = (header: string, rows: string[]) => `${[header, ...rows].join('\n')}\n`;

/** How the cases send their requests, as the tenant's admin. */
export function requestsOf(t: TestApp) {
  const json =
    (tenant: TestTenant, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Send =>
    () =>
      t.request({ method, url, token: tenant.admin.token, ...(body === undefined ? {} : { body }) });
  const upload =
    (tenant: TestTenant, url: string, fields: Record<string, string>, file: string): Send =>
    async () => {
      const { payload, headers } = multipart(fields, file);
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...headers, authorization: `Bearer ${tenant.admin.token}` },
      });
      return { status: res.statusCode, body: JSON.parse(res.body) };
    };
  /** Sends a request that must succeed (a case's preparation): its body. */
  const ok = async (send: Send, status = 201) => {
    const res = await send();
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body as Record<string, unknown> & { id: string };
  };
  return { json, upload, ok };
}

/** One test per case: refused with its error, and no table changed. */
export function walkRefusals(t: TestApp, cases: Record<string, RefusalCase>): void {
  describe('a refused multi-row write changes nothing', () => {
    it.each(Object.entries(cases))('%s', async (_name, c) => {
      const tenant = await t.createTenant();
      const send = await c.refused(tenant);
      const before = await snapshotTables(t, tenant.id);
      const res = await send();
      expect([res.status, res.body.error?.code], JSON.stringify(res.body)).toEqual([c.status, c.code]);
      const details = res.body.error?.details?.map((d) => `${d.path}: ${d.code}`);
      if (c.detail === null) expect(details).toEqual([]);
      else expect(details).toContain(c.detail);
      expect(await snapshotTables(t, tenant.id)).toEqual(before);
    });
  });
}
