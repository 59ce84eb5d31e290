import { PassThrough, type Readable } from 'node:stream';
import type { Locale, Role } from '@promo/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database, Tx } from '../db/client.ts';
import type { CacheRegistry } from './cache.ts';
import type { Clock } from './clock.ts';
import { drained } from './drained.ts';
import { AppError } from './errors.ts';

/** Who is calling: resolved from a valid token and the current user row. */
export type Actor = {
  userId: string;
  tenantId: string;
  tenantSlug: string | null;
  role: Role;
};

/** What every service receives: dependencies and the caller, nothing global. */
export type Ctx = {
  db: Database;
  clock: Clock;
  actor: Actor | null;
  ip: string;
  locale: Locale;
  log: FastifyBaseLogger;
  config: AppConfig;
  cache: CacheRegistry;
  /** Tells this process's job runner that work was queued. */
  jobs: { wake(): void };
};

export type AppConfig = {
  jwtSecret: string;
  /** Put into the web app's page (meta `storage-key`): the back-office's browser storage key. */
  storageKey?: string;
  publicBaseUrl: string;
  /** Development: messages in the outbox are also written to the log. */
  logOutbox: boolean;
  /** The tenant of public URLs without one (`/landing/{group}`). */
  defaultTenant: string;
  /** The landing map's tile server when the tenant names none (default: DEFAULT_MAP_TILES). */
  mapTiles?: MapTilesConfig;
};

export type MapTilesConfig = { url: string; attribution: string };
export const DEFAULT_MAP_TILES: MapTilesConfig = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
};

export function localeOf(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'];
  return typeof header === 'string' && /^en\b/i.test(header.trim()) ? 'en' : 'es';
}

/** The caller, for routes that require a signed-in user. */
export function actorOf(ctx: Ctx): Actor {
  if (!ctx.actor) throw new AppError('UNAUTHENTICATED');
  return ctx.actor;
}

/** Runs `fn` in one transaction that sees only the caller's tenant. */
export function inTenant<T>(ctx: Ctx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.db.tx({ tenantId: actorOf(ctx).tenantId }, fn);
}

/**
 * Runs `fn` in one read-only transaction of the caller's tenant whose data may lag a little: on
 * the read replica when one is configured and fresh enough. For reports, exports and statistics
 * only; never for a read that decides a write.
 */
export function readInTenant<T>(ctx: Ctx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.db.readTx({ tenantId: actorOf(ctx).tenantId }, fn);
}

/**
 * A response body produced inside one transaction of the caller's tenant, which stays open
 * while the body is read (with backpressure); a reader that goes away ends the transaction.
 */
export function streamInTenant(ctx: Ctx, produce: (tx: Tx) => AsyncIterable<Buffer | string>): Readable {
  const out = new PassThrough();
  inTenant(ctx, async (tx) => {
    for await (const chunk of produce(tx)) {
      if (out.destroyed) throw new Error('the reader went away');
      if (!out.write(chunk)) await drained(out);
    }
  }).then(
    () => out.end(),
    (error: Error) => out.destroy(error),
  );
  return out;
}
