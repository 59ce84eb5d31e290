import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MAX_UPLOAD_BYTES } from '@promo/contract';
import { escapeHtml } from '@promo/landing';
import Fastify, { type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Database } from './db/client.ts';
import { features } from './features/index.ts';
import { participationKinds } from './features/participation-kinds.ts';
import { expirePointsJob, pointsExpirySchedule } from './features/points/index.ts';
import { generateCodesJob } from './features/reward-codes/index.ts';
import type { App, Limits } from './features/types.ts';
import { findPrincipal } from './features/users/index.ts';
import { authGuard } from './platform/auth/guard.ts';
import { principalCache, principalKey } from './platform/auth/principals.ts';
import { CacheRegistry } from './platform/cache.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { type AppConfig, type Ctx, localeOf } from './platform/context.ts';
import { AppError } from './platform/errors.ts';
import { clientAddress, proxyTrust } from './platform/http/client-address.ts';
import { registerErrorHandling, validatorCompiler } from './platform/http/error-handler.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  MAX_PARAM_LENGTH,
  registerUrlLengthLimit,
} from './platform/http/framework-refusals.ts';
import { FrontDoor } from './platform/http/front-door.ts';
import { registerInputGuard } from './platform/http/input-guard.ts';
import { scrubLogMessages, serializeError, serializeRequest } from './platform/http/log-safety.ts';
import { metricsServer, registerMetrics } from './platform/http/metrics.ts';
import { registerOpsRoutes } from './platform/http/ops.routes.ts';
import { fallbackRateLimitStore } from './platform/http/rate-limit-store.ts';
import { RedisFallback } from './platform/http/redis-fallback.ts';
import { registerRefusedBodyClose } from './platform/http/refused-bodies.ts';
import { RequestTally } from './platform/http/request-tally.ts';
import { securityHeaderPairs } from './platform/http/security-headers.ts';
import { createThrottle } from './platform/http/throttle.ts';
import type { InvalidationBus } from './platform/invalidation.ts';
import { JobRunner, type JobTiming } from './platform/jobs.ts';
import { type MailTransport, OutboxSender, smtpTransport } from './platform/outbox.ts';
import { loadPublicAssets, type PublicAssets } from './platform/public-assets/load.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job runner (tests drain it after moving the clock). */
    jobRunner: JobRunner;
    /** This process's outbox sender, when e-mail is configured. */
    outboxSender: OutboxSender | null;
    /**
     * Starts a shutdown's drain: /readyz answers 503 from now on (so a load balancer moves away)
     * while every request is still served normally, until `close()`.
     */
    drain(): void;
    /**
     * The metrics' own server (`GET /metrics`, Prometheus text), never on the public port: main.ts
     * makes it listen on METRICS_PORT; closed with the app.
     */
    metricsServer: FastifyInstance;
  }
}

export type AppDeps = {
  db: Database;
  config: AppConfig;
  clock?: Clock;
  logLevel?: string;
  /** Where the logger writes (tests capture it); stdout by default. */
  logStream?: NodeJS.WritableStream;
  limits?: Partial<Limits>;
  /** The built web app to serve; absent in API-only tests. */
  webDist?: string | null;
  /** Addresses and CIDR blocks of the proxies whose `X-Forwarded-For` is believed (TRUST_PROXY); none when absent. */
  trustProxy?: readonly string[];
  /** How the job runner polls and holds its lease (tests shorten them); DEFAULT_JOB_TIMING otherwise. */
  jobTiming?: Partial<JobTiming>;
  /** Shared store for rate limits across servers; in-process memory when absent. */
  redis?: Redis | null;
  /** The public pages' scripts and styles; the server's build (dist/public) when absent. */
  publicAssets?: PublicAssets;
  /** Sends the outbox's e-mails (SMTP settings, or a transport); without it they stay in the outbox. */
  mail?: { url: string; from: string } | MailTransport | null;
  /** How often the outbox sender looks for due messages. */
  mailPollMs?: number;
  /** Local minute of the day at which points expire daily (campaign's country); null or absent: never by itself. */
  pointsExpiryMinute?: number | null;
  /** Carries cache changes to the other server processes (closed with the app); none: one process. */
  bus?: InvalidationBus | null;
  /**
   * What each campaign kind does with a participation; `features/participation-kinds.ts` when
   * absent. Tests give kinds without their one-call work to drive the statement-by-statement path.
   */
  participationKinds?: typeof participationKinds;
};

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Builds the HTTP application: platform plugins, then every feature. Reads no environment. */
export async function buildApp(deps: AppDeps) {
  const clock = deps.clock ?? systemClock;
  // defaults here match config.ts; tests and benchmarks raise them
  const limits: Limits = {
    loginPerMinute: 30,
    publicPerMinute: 300,
    participationsPerMinute: 60,
    participationsPerIdentityPerMinute: 10,
    ...deps.limits,
  };
  // the request id: the caller's (a load balancer's) when it is a plain token, else a new one
  const requestId = (request: { headers: Record<string, string | string[] | undefined> }) => {
    const given = request.headers['x-request-id'];
    return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
  };
  // one trust for Fastify's request.ip and the front door's: the last hop no trusted proxy wrote
  const trustedProxies = deps.trustProxy ?? [];
  const trust = proxyTrust(trustedProxies);
  const frontDoor = new FrontDoor({
    securityHeaders: securityHeaderPairs(),
    requestId,
    clientAddress: (request) => clientAddress(request, trust),
  });
  const app = Fastify({
    serverFactory: frontDoor.serverFactory,
    logger: {
      level: deps.logLevel ?? 'info',
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
      // no personal data in any line: no bodies, no queries, no database error texts (see log-safety.ts)
      serializers: { req: serializeRequest, err: serializeError },
      hooks: { logMethod: scrubLogMessages },
    },
    genReqId: requestId,
    trustProxy: trustedProxies.length > 0 ? trust : false,
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    clientErrorHandler,
    // a request that arrives on a kept-alive connection while closing is still answered (with
    // `connection: close`): the database stays open until every request is done
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerUrlLengthLimit(app);
  registerInputGuard(app);
  registerRefusedBodyClose(app);
  // While shutting down, answers tell clients to drop their keep-alive connection, so that the
  // server closes as soon as in-flight requests are answered instead of at the idle timeout.
  app.addHook('preClose', async () => {
    frontDoor.closing = true;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (frontDoor.closing) reply.header('connection', 'close');
    done(null, payload);
  });

  // in Fastify's own headers (not the raw response's): Node then writes them all in one pass at
  // writeHead instead of storing each twice
  const securityHeaders = Object.fromEntries(frontDoor.securityHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  // one warning for all of them when Redis goes away; memory counts meanwhile
  const redisFallback = new RedisFallback(app.log);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
    ...(deps.redis ? { store: fallbackRateLimitStore(deps.redis, redisFallback, 'promo-rl:') } : {}),
  });

  // each upload route narrows the file size to its kind's limit (UPLOAD_LIMITS) and refuses a cut file
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, parts: 12 },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Plataforma de promociones API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const cache = new CacheRegistry(deps.bus ?? null);
  const bus = deps.bus;
  if (bus) {
    app.addHook('onReady', async () =>
      bus.subscribe(
        (message) => cache.apply(message),
        () => cache.forgetAll(),
      ),
    );
    app.addHook('onClose', async () => bus.close());
  }
  const tally = new RequestTally();
  const metrics = registerMetrics(app, deps.db, tally);
  const metricsApp = metricsServer(metrics, app.log);
  app.decorate('metricsServer', metricsApp);
  app.addHook('onClose', async () => metricsApp.close());
  frontDoor.open({ log: app.log, tally });
  let draining = false;
  app.decorate('drain', () => {
    draining = true;
  });
  registerOpsRoutes(app, { db: deps.db, isDraining: () => draining });

  await app.register(authGuard, {
    secret: deps.config.jwtSecret,
    clock,
    findPrincipal: (tenantId, userId) =>
      principalCache(cache).get(principalKey(tenantId, userId), () =>
        deps.db.tx({ tenantId }, (tx) => findPrincipal(tx, tenantId, userId)),
      ),
  });

  // jobs run in this process, with a context of their own (no caller)
  const jobCtx = (): Ctx => ({
    cache,
    jobs: runner,
    db: deps.db,
    clock,
    actor: null,
    ip: '',
    locale: 'es',
    log: app.log,
    config: deps.config,
  });
  const expiryMinute = deps.pointsExpiryMinute ?? null;
  const runner = new JobRunner(
    deps.db,
    clock,
    app.log,
    { 'generate-codes': generateCodesJob(jobCtx), 'expire-points': expirePointsJob(jobCtx) },
    deps.jobTiming ?? {},
    expiryMinute === null ? [] : [pointsExpirySchedule(jobCtx, expiryMinute)],
  );
  app.addHook('onReady', async () => runner.start());
  app.addHook('preClose', async () => runner.stop());
  app.decorate('jobRunner', runner);
  const transport = deps.mail && ('send' in deps.mail ? deps.mail : smtpTransport(deps.mail));
  const sender = transport
    ? new OutboxSender(deps.db, clock, app.log, transport, deps.mailPollMs ?? 1000)
    : null;
  if (sender) {
    app.addHook('onReady', async () => sender.start());
    app.addHook('preClose', async () => sender.stop());
  }
  app.decorate('outboxSender', sender);
  const ctxOf = (request: FastifyRequest): Ctx => ({
    cache,
    jobs: runner,
    db: deps.db,
    clock,
    actor: request.actor,
    ip: request.ip,
    locale: localeOf(request),
    log: request.log,
    config: deps.config,
  });
  const throttle = (name: string, max: number, windowMs: number) =>
    createThrottle({
      name,
      max,
      windowMs,
      clock,
      redis: deps.redis ? { client: deps.redis, fallback: redisFallback } : null,
    });
  const assets = deps.publicAssets ?? loadPublicAssets();
  const shared = { cache, clock, config: deps.config };
  const kinds = deps.participationKinds ?? participationKinds;
  for (const register of features)
    register({ app, ctxOf, limits, throttle, assets, participationKinds: kinds, frontDoor, shared });

  const webDist = deps.webDist === undefined ? DEFAULT_WEB_DIST : deps.webDist;
  if (webDist && existsSync(webDist)) await serveWebApp(app, webDist, deps.config.storageKey ?? '');

  return app;
}

/**
 * The built web app: hashed assets cached for a year, every other page path answered by index.html,
 * with the deployment's storage encryption key in its `storage-key` meta (decision 017).
 */
async function serveWebApp(app: App, root: string, storageKey: string) {
  const page = webPage(readFileSync(join(root, 'index.html'), 'utf8'), storageKey);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // index.html goes out only with the key in it (below)
    allowedPath: (path) => !/^\/?index\.html$/.test(path),
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', { config: {} }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/')) throw new AppError('NOT_FOUND');
    if (/\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html')) {
      return reply.sendFile(path.slice(1), { cacheControl: false });
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  });
}

/** The web app's page with the storage key in `<meta name="storage-key">` (added to the head when missing). */
export function webPage(html: string, storageKey: string): string {
  const meta = `<meta name="storage-key" content="${escapeHtml(storageKey)}" />`;
  const existing = /<meta name="storage-key"[^>]*>/;
  if (existing.test(html)) return html.replace(existing, () => meta);
  return /<head>/i.test(html) ? html.replace(/<head>/i, (head) => `${head}${meta}`) : `${meta}${html}`;
}
