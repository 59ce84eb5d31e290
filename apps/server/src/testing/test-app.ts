import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { LoginResponse, Role } from '@promo/contract';
import { afterAll, inject } from 'vitest';
import { type AppDeps, buildApp } from '../app.ts';
import { bootstrapFirstRun } from '../bootstrap.ts';
import type { Database, SqlFunction } from '../db/client.ts';
import type { ParticipationKinds } from '../features/participations/index.ts';
import type { Limits } from '../features/types.ts';
import { fixedClock } from '../platform/clock.ts';
import type { InvalidationBus } from '../platform/invalidation.ts';
import { loadPublicAssets } from '../platform/public-assets/load.ts';
import { openTestDatabase } from './test-db.ts';

export const TEST_PASSWORD = 'correct-horse-battery';
export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export type Session = { token: string; userId: string; role: Role; tenant: string | null; username: string };
export type TestTenant = { id: string; slug: string; admin: Session };

type InjectOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  token?: string | undefined;
  body?: unknown;
  headers?: Record<string, string>;
  ip?: string;
};

/**
 * One application on its own database for a test file, with a movable clock, captured logs,
 * a signed-in platform admin and factories that create tenants and users through the API.
 */
export async function createTestApp(
  options: {
    limits?: Partial<Limits>;
    db?: Database;
    /** SMTP settings: the outbox is then sent (and not logged). */
    mail?: AppDeps['mail'];
    /** The daily points expiry's local minute of the day; off unless given. */
    pointsExpiryMinute?: number;
    /** Outbox e-mails also logged (a development aid); on unless e-mail is configured. */
    logOutbox?: boolean;
    /** Joins this app to others (as server processes are joined) for cache changes. */
    bus?: InvalidationBus;
    /** The proxies whose X-Forwarded-For is believed (TRUST_PROXY); none unless given. */
    trustProxy?: readonly string[];
    /** Runs on the built app before it is ready (a test's own hooks). */
    beforeReady?: (app: Awaited<ReturnType<typeof buildApp>>) => void;
    /** What each campaign kind does with a participation; the app's own unless given. */
    participationKinds?: ParticipationKinds;
    /**
     * Runs before each hot call (`Database.call`) of this app's database, and may throw instead of
     * it: a test's watch over which SQL functions a request called, or a change made just before one.
     */
    beforeCall?: (fn: SqlFunction) => void | Promise<void>;
  } = {},
) {
  // a database given is shared with another app, which closes it
  const opened = options.db ?? (await openTestDatabase());
  const ownsDb = !options.db;
  const db = options.beforeCall ? withBeforeCall(opened, options.beforeCall) : opened;
  const clock = fixedClock(new Date('2026-06-01T15:00:00Z'));
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  await bootstrapFirstRun(db, TEST_PASSWORD);
  const app = await buildApp({
    db,
    clock,
    config: {
      jwtSecret: TEST_SECRET,
      publicBaseUrl: 'http://promo.test',
      logOutbox: options.logOutbox ?? !options.mail,
      defaultTenant: 'demo',
    },
    logLevel: 'info',
    logStream,
    publicAssets: loadPublicAssets([inject('publicAssetsDir')]),
    limits: {
      loginPerMinute: 1000,
      publicPerMinute: 100_000,
      participationsPerMinute: 100_000,
      participationsPerIdentityPerMinute: 100_000,
      ...options.limits,
    },
    webDist: null,
    mail: options.mail ?? null,
    pointsExpiryMinute: options.pointsExpiryMinute ?? null,
    bus: options.bus ?? null,
    trustProxy: options.trustProxy ?? [],
    participationKinds: options.participationKinds,
  });
  options.beforeReady?.(app);
  await app.ready();
  afterAll(async () => {
    await app.close();
    if (ownsDb) await db.close();
  });

  async function request(opts: InjectOptions) {
    const response = await app.inject({
      method: opts.method ?? 'GET',
      url: opts.url,
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    });
    const text = response.body;
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    // biome-ignore lint/suspicious/noExplicitAny: test convenience for reading answers
    return { status: response.statusCode, body: json as any, headers: response.headers, text };
  }

  /** The metrics as Prometheus scrapes them: from their own server (METRICS_PORT), not the public one. */
  async function metrics(): Promise<string> {
    return (await app.metricsServer.inject({ url: '/metrics' })).body;
  }

  async function login(username: string, tenant: string | null, password = TEST_PASSWORD): Promise<Session> {
    const res = await request({
      method: 'POST',
      url: '/api/auth/login',
      body: { username, password, ...(tenant ? { tenant } : {}) },
    });
    if (res.status !== 200) throw new Error(`login ${username}@${tenant} failed: ${res.status} ${res.text}`);
    const body = res.body as LoginResponse;
    return { token: body.token, userId: body.user.id, role: body.user.role, tenant, username };
  }

  const superadmin = await login('superadmin', null);
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}${counter++}`;

  /** A new tenant with its admin, signed in. */
  async function createTenant(overrides: Record<string, unknown> = {}): Promise<TestTenant> {
    const slug = unique('t');
    const res = await request({
      method: 'POST',
      url: '/api/tenants',
      token: superadmin.token,
      body: {
        slug,
        name: `Tenant ${slug}`,
        countryCode: 'CR',
        admin: { username: 'admin', password: TEST_PASSWORD },
        ...overrides,
      },
    });
    if (res.status !== 201) throw new Error(`tenant failed: ${res.status} ${res.text}`);
    return { id: res.body.id, slug, admin: await login('admin', slug) };
  }

  /** A new user of `role` in `tenant` (or a platform admin when tenant is null), signed in. */
  async function createUser(
    tenant: TestTenant | null,
    role: Role,
    extra: Record<string, unknown> = {},
  ): Promise<Session> {
    const username = unique(role.toLowerCase());
    const res = await request({
      method: 'POST',
      url: '/api/users/register',
      token: tenant ? tenant.admin.token : superadmin.token,
      body: { username, password: TEST_PASSWORD, role, ...extra },
    });
    if (res.status !== 201) throw new Error(`user failed: ${res.status} ${res.text}`);
    return login(username, tenant?.slug ?? null);
  }

  return { app, db, clock, logLines, request, metrics, login, superadmin, createTenant, createUser, unique };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The database with `before` run ahead of each of its hot calls; everything else as it is. */
function withBeforeCall(db: Database, before: (fn: SqlFunction) => void | Promise<void>): Database {
  return {
    ...db,
    call: async (scope, fn) => {
      await before(fn);
      return db.call(scope, fn);
    },
  };
}

export function randomIp(): string {
  const b = randomBytes(3);
  return `127.${b[0]}.${b[1]}.${b[2]}`;
}
