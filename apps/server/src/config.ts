import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { Limits } from './features/types.ts';
import { DEFAULT_MAP_TILES, type MapTilesConfig } from './platform/context.ts';

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  // Prometheus metrics on a port of their own, off the public one
  METRICS_PORT: z
    .string()
    .regex(/^(off|\d{1,5})$/, 'METRICS_PORT must be a port number or off')
    .refine((value) => value === 'off' || Number(value) <= 65535, 'METRICS_PORT must be at most 65535')
    .default('9464'),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  // reads that may lag (reports, exports, statistics) go to this hot standby while it is fresh enough
  DATABASE_REPLICA_URL: z.string().optional(),
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(1_000),
  // a direct connection to the primary (not through PgBouncer) for LISTEN; DATABASE_URL when absent
  DATABASE_DIRECT_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  // the key the back-office's browser storage is encrypted under (decision 017)
  STORAGE_ENCRYPTION_KEY: z
    .string()
    .min(32, 'STORAGE_ENCRYPTION_KEY must have at least 32 characters')
    .optional(),
  PUBLIC_BASE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  INITIAL_ADMIN_PASSWORD: z
    .string()
    .min(10, 'INITIAL_ADMIN_PASSWORD must have at least 10 characters')
    .optional(),
  NODE_ENV: z.string().default('development'),
  // the proxies (addresses, CIDR blocks) whose X-Forwarded-For is believed (trustedProxies)
  TRUST_PROXY: z.string().default(''),
  // outbox e-mails (one-time codes, reset links) also written to the log at info level:
  // on by default outside production; a test server in production mode may turn it on
  LOG_OUTBOX: z.enum(['true', 'false']).optional(),
  DEFAULT_TENANT: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'DEFAULT_TENANT must be a tenant slug')
    .default('demo'),
  // the landing map's default tile server (a tenant may name its own); http allowed for a local one
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s"'<>\\`]+$/, 'MAP_TILE_URL must be an http(s) URL template')
    .refine(
      (url) => ['{z}', '{x}', '{y}'].every((p) => url.includes(p)),
      'MAP_TILE_URL needs {z}, {x} and {y}',
    )
    .default(DEFAULT_MAP_TILES.url),
  MAP_TILE_ATTRIBUTION: z.string().max(200).default(DEFAULT_MAP_TILES.attribution),
  // per client address and minute, except the last (per identity and minute)
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  PUBLIC_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  PARTICIPATION_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  PARTICIPATION_IDENTITY_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().min(3).optional(),
  // after SIGTERM: how long /readyz says 503 while requests are still served, before closing
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // at start: how long to wait for PostgreSQL to accept connections before giving up
  DATABASE_WAIT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  POINTS_EXPIRY_TIME: z
    .string()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'POINTS_EXPIRY_TIME must be HH:MM (24 h) or off')
    .default('03:00'),
});

export type Config = {
  port: number;
  host: string;
  /** Where `GET /metrics` listens (never the public port); null: nowhere (METRICS_PORT=off). */
  metrics: { port: number; host: string } | null;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A hot standby for the reads that may lag, skipped while more than `replicaMaxLagMs` behind. */
  databaseReplicaUrl: string | undefined;
  replicaMaxLagMs: number;
  /** The primary without a transaction-mode pooler between: cache invalidations LISTEN on it. */
  databaseDirectUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string;
  /** The back-office encrypts what it keeps in browser storage under a key derived from this. */
  storageKey: string;
  publicBaseUrl: string;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  initialAdminPassword: string | undefined;
  isProduction: boolean;
  /** Outbox messages are logged too (development; LOG_OUTBOX=true elsewhere). */
  logOutbox: boolean;
  /** Addresses and CIDR blocks of the proxies whose `X-Forwarded-For` is believed; empty: none. */
  trustProxy: string[];
  defaultTenant: string;
  /** The landing map's tile server when the tenant names none. */
  mapTiles: MapTilesConfig;
  limits: Limits;
  /** Outbox e-mails are sent through this SMTP server; without it they stay in the outbox. */
  smtp: { url: string; from: string } | null;
  /** Local minute of the day (campaign's country) of the daily points expiry; null: no schedule. */
  pointsExpiryMinute: number | null;
  /** After SIGTERM, /readyz answers 503 this long while requests are still served. */
  shutdownDrainMs: number;
  /** How long the start waits for PostgreSQL (DATABASE_URL) to accept connections. */
  databaseWaitMs: number;
};

/** 'HH:MM' as minutes after midnight; 'off' as null. */
function minuteOfDay(value: string): number | null {
  if (value === 'off') return null;
  const [hours, minutes] = value.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * The proxies whose `X-Forwarded-For` is believed, from `TRUST_PROXY`: a comma-separated list of
 * addresses and CIDR blocks (`127.0.0.1`, `10.0.0.0/8`, `::1`); empty or `false` trusts none.
 * `true` (every hop) is refused: a client could then name any address it likes, in the audit log
 * and to every per-address limit.
 */
function trustedProxies(value: string): string[] {
  const text = value.trim();
  if (text === '' || text === 'false') return [];
  if (text === 'true')
    throw new Error(
      'Invalid configuration: TRUST_PROXY=true would believe the X-Forwarded-For any client sends. List the addresses of the proxies in front of this server instead: TRUST_PROXY=127.0.0.1, TRUST_PROXY=10.0.0.5,10.0.0.6 or TRUST_PROXY=10.0.0.0/24',
    );
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrBlock(entry));
  if (wrong.length > 0)
    throw new Error(
      `Invalid configuration: TRUST_PROXY: not an address or CIDR block: ${wrong.map((entry) => JSON.stringify(entry)).join(', ')} (expected a comma-separated list such as 127.0.0.1,10.0.0.0/8)`,
    );
  return entries;
}

function isAddressOrBlock(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * A secret from the environment, else one generated once and kept in the data directory (the JWT
 * secret in `jwt-secret`, the storage encryption key in `storage-key`).
 */
function secretOf(dataDir: string, fileName: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, fileName);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.SMTP_URL && !e.SMTP_FROM)
    throw new Error('Invalid configuration: SMTP_FROM: required with SMTP_URL (the sender address)');
  const trustProxy = trustedProxies(e.TRUST_PROXY);
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    metrics: e.METRICS_PORT === 'off' ? null : { port: Number(e.METRICS_PORT), host: e.METRICS_HOST },
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    replicaMaxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS,
    databaseDirectUrl: e.DATABASE_DIRECT_URL ?? e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: secretOf(dataDir, 'jwt-secret', e.JWT_SECRET),
    storageKey: secretOf(dataDir, 'storage-key', e.STORAGE_ENCRYPTION_KEY),
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    initialAdminPassword: e.INITIAL_ADMIN_PASSWORD,
    isProduction: e.NODE_ENV === 'production',
    logOutbox: e.LOG_OUTBOX ? e.LOG_OUTBOX === 'true' : e.NODE_ENV !== 'production',
    trustProxy,
    defaultTenant: e.DEFAULT_TENANT,
    mapTiles: { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
    limits: {
      loginPerMinute: e.LOGIN_RATE_LIMIT,
      publicPerMinute: e.PUBLIC_RATE_LIMIT,
      participationsPerMinute: e.PARTICIPATION_RATE_LIMIT,
      participationsPerIdentityPerMinute: e.PARTICIPATION_IDENTITY_RATE_LIMIT,
    },
    smtp: e.SMTP_URL && e.SMTP_FROM ? { url: e.SMTP_URL, from: e.SMTP_FROM } : null,
    pointsExpiryMinute: minuteOfDay(e.POINTS_EXPIRY_TIME),
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    databaseWaitMs: e.DATABASE_WAIT_MS,
  };
}
