import { CAMPAIGN_KINDS, type ParticipationOutcome } from '@promo/contract';
import { describe, onTestFinished } from 'vitest';
import { participationKinds } from '../features/participation-kinds.ts';
import type { ParticipationKinds } from '../features/participations/index.ts';
import { createTestApp, type TestApp, type TestTenant } from './test-app.ts';

/**
 * The two ways a public participation is written (participate.ts): the one SQL call
 * (`participate_in_one_call`) where the campaign kind's work allows it, and the statement-by-statement
 * "steps" path (raffles with codes, and any kind after three stale one-call attempts).
 */
export const PARTICIPATION_PATHS = ['one call', 'steps'] as const;
export type ParticipationPath = (typeof PARTICIPATION_PATHS)[number];

const registered = async (): Promise<ParticipationOutcome> => ({ kind: 'registered' });

/**
 * The kinds with their statement-by-statement work only: no kind offers one-call work, so every
 * participation takes the steps path. A kind the app does not list (it records the participation
 * alone, and would take the one call with no work) gets that as its step, answered as the steps
 * path answers a kind without a handler.
 */
export function stepsOnly(kinds: ParticipationKinds): ParticipationKinds {
  return Object.fromEntries(
    CAMPAIGN_KINDS.map((kind) => [kind, { steps: kinds[kind]?.steps ?? registered }]),
  );
}

export type PathApp = TestApp & {
  path: ParticipationPath;
  /** How many times this app has called `participate_in_one_call`. */
  oneCalls(): number;
  /**
   * Runs just before each `participate_in_one_call` of this app, with the campaign's id: a change
   * made between the campaign's cached read and the call (an admin's edit during a spike). None
   * when null.
   */
  beforeOneCall: ((campaignId: string) => Promise<void>) | null;
};

/**
 * A test app whose public participations take `path`: the app's own kinds for the one call, or
 * `stepsOnly` of them given to the composition root. On the steps path a call of
 * `participate_in_one_call` fails its request, so every test that passes there proves the forcing.
 */
export async function pathApp(path: ParticipationPath): Promise<PathApp> {
  let oneCalls = 0;
  // the app, once built: its hook is read at each call, so a test may set and clear it
  let app: PathApp | undefined;
  const t = await createTestApp({
    participationKinds: path === 'steps' ? stepsOnly(participationKinds) : participationKinds,
    beforeCall: async (fn) => {
      if (fn.name !== 'participate_in_one_call') return;
      oneCalls += 1;
      if (path === 'steps') throw new Error('participate_in_one_call called on the forced steps path');
      await app?.beforeOneCall?.(String(fn.args[1]));
    },
  });
  app = Object.assign(t, { path, oneCalls: () => oneCalls, beforeOneCall: null });
  return app;
}

/**
 * Declares `cases` once on each path ("on the one call path", "on the steps path"), with that
 * path's app; both apps are built once per file.
 */
export async function onBothPaths(cases: (t: PathApp) => void): Promise<void> {
  const apps = { 'one call': await pathApp('one call'), steps: await pathApp('steps') };
  describe.each(PARTICIPATION_PATHS)('on the %s path', (path) => cases(apps[path]));
}

/** A refusal as the person is told it: the status, the code and the fields it names. */
export function refusalOf(res: { status: number; body: unknown }) {
  const error = (res.body as { error?: { code: string; details: { path: string }[] } } | null)?.error;
  return { status: res.status, code: error?.code, fields: error?.details.map((d) => d.path) };
}

/**
 * What a tenant's participations have written, to compare before and after a refusal: the rows of
 * participations, people (and a digest of theirs: an update shows), claims (with their times),
 * kept Idempotency-Keys and raffle entries.
 */
export async function writtenFor(t: TestApp, tenantId: string) {
  const [row] = await t.db.ownerQuery<{
    participations: number;
    people: number;
    peopleDigest: string;
    claims: number;
    keys: number;
    entries: number;
  }>(
    `select (select count(*)::int from participations where tenant_id = $1) as participations,
            (select count(*)::int from participants where tenant_id = $1) as people,
            (select md5(coalesce(string_agg(p::text, ',' order by p.id), '')) from participants p
              where p.tenant_id = $1) as "peopleDigest",
            (select coalesce(sum(times), 0)::int from participant_claims where tenant_id = $1) as claims,
            (select count(*)::int from idempotency_keys where tenant_id = $1) as keys,
            (select count(*)::int from raffle_entries where tenant_id = $1) as entries`,
    [tenantId],
  );
  if (!row) throw new Error('no counts');
  return row;
}

/** A campaign or group rule added by the tenant's admin. */
export async function addRule(t: TestApp, tenant: TestTenant, body: Record<string, unknown>) {
  const res = await t.request({
    method: 'POST',
    url: '/api/campaign-rulers',
    token: tenant.admin.token,
    body,
  });
  if (res.status !== 201) throw new Error(`rule: ${res.text}`);
  return res.body as { id: string };
}

/** A blacklist entry added by the tenant's admin: tenant-wide, or of one campaign. Answers the value as kept. */
export async function addToBlacklist(
  t: TestApp,
  tenant: TestTenant,
  entry: { kind: 'cedula' | 'phone' | 'email'; value: string; campaignId?: string },
): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/blacklist',
    token: tenant.admin.token,
    body: { reason: 'Fraude detectado', ...entry },
  });
  if (res.status !== 201) throw new Error(`blacklist: ${res.text}`);
  return res.body.value;
}

/** The headers of a request sent with an Idempotency-Key. */
export const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

/** How many rows of `table` match `where` (read as the database's owner, past row-level security). */
export async function countRows(
  app: TestApp,
  table: string,
  where: string,
  params: unknown[],
): Promise<number> {
  const [row] = await app.db.ownerQuery<{ n: number }>(
    `select count(*)::int as n from ${table} where ${where}`,
    params,
  );
  return Number(row?.n);
}

/** The app's clock for a test to move: set back when the test ends, passed or failed. */
export function movableClock(app: TestApp) {
  const start = app.clock.now();
  onTestFinished(() => app.clock.set(start));
  return app.clock;
}
