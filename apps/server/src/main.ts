import { join } from 'node:path';
import { buildApp } from './app.ts';
import { bootstrapFirstRun } from './bootstrap.ts';
import { readConfig } from './config.ts';
import { type Database, openPglite, openPostgres } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { migrate } from './db/migrate.ts';
import { withReplica } from './db/replica.ts';
import { openWhenReachable } from './db/wait-for-database.ts';
import { seedCountries } from './features/countries/index.ts';
import { connectRedis } from './platform/http/redis-client.ts';
import {
  type InvalidationBus,
  postgresInvalidationBus,
  redisInvalidationBus,
} from './platform/invalidation.ts';
import { shutdownOnSignal } from './shutdown.ts';

/** After Ctrl-C at a terminal there is no load balancer to wait for. */
const INTERRUPT_DRAIN_MS = 0;
/** In-flight requests (a large export) get this long to finish once the drain is over. */
const CLOSE_TIMEOUT_MS = 30_000;

async function main() {
  const config = readConfig();
  let unlock = () => {};
  let db: Database;
  // connections lost while idle are replaced by the pool; reported in the log once it exists
  let onConnectionLost = (error: Error) => console.warn(`database connection lost: ${error.message}`);
  let onReplicaUnreachable = (_error: unknown) => {};
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    db = await openWhenReachable(() => openPostgres({ url, onError: (error) => onConnectionLost(error) }), {
      waitMs: config.databaseWaitMs,
      log: (line) => console.warn(line),
    });
    const replicaUrl = config.databaseReplicaUrl;
    if (replicaUrl) {
      const replica = await openWhenReachable(
        () => openPostgres({ url: replicaUrl, onError: (error) => onConnectionLost(error) }),
        { waitMs: config.databaseWaitMs, log: (line) => console.warn(line) },
      );
      db = withReplica(db, replica, {
        maxLagMs: config.replicaMaxLagMs,
        onUnreachable: (error) => onReplicaUnreachable(error),
      });
    }
  } else {
    unlock = lockDataDir(config.dataDir);
    db = await openPglite({ dataDir: join(config.dataDir, 'pgdata') });
  }
  await migrate(db);
  await seedCountries(db);
  const firstRun = await bootstrapFirstRun(db, config.initialAdminPassword);

  // Optional: rate limits shared by every server. The product runs without it.
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : null;
  // Cache changes reach the other server processes: through Redis when there is one, else
  // PostgreSQL's LISTEN/NOTIFY on a direct connection; PGlite is one process, nothing to tell.
  let onBusLost = (_error: Error) => {};
  let bus: InvalidationBus | null = null;
  if (config.redisUrl) bus = redisInvalidationBus(config.redisUrl);
  else if (config.databaseDirectUrl)
    bus = postgresInvalidationBus(config.databaseDirectUrl, (error) => onBusLost(error));

  const app = await buildApp({
    redis,
    bus,
    db,
    config: {
      jwtSecret: config.jwtSecret,
      storageKey: config.storageKey,
      publicBaseUrl: config.publicBaseUrl,
      // without a mail server, development reads codes and links in the log (LOG_OUTBOX)
      logOutbox: config.logOutbox && !config.smtp,
      defaultTenant: config.defaultTenant,
      mapTiles: config.mapTiles,
    },
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    limits: config.limits,
    mail: config.smtp,
    pointsExpiryMinute: config.pointsExpiryMinute,
  });
  if (!config.smtp && config.isProduction)
    app.log.warn('SMTP_URL is not set: e-mails (one-time codes, password resets) stay in the outbox');

  onBusLost = (error) =>
    app.log.warn({ reason: error.message }, 'cache invalidation listener lost (reconnecting)');
  let replicaWarned = false;
  onReplicaUnreachable = (error) => {
    if (replicaWarned) return;
    replicaWarned = true;
    app.log.warn({ reason: String(error) }, 'read replica unreachable: its reads go to the primary');
  };
  onConnectionLost = (error) =>
    app.log.warn(
      { code: (error as { code?: string }).code, reason: error.message },
      'database connection lost (the pool opens another when needed)',
    );

  const onSignal = shutdownOnSignal({
    app,
    drainMs: config.shutdownDrainMs,
    interruptDrainMs: INTERRUPT_DRAIN_MS,
    closeTimeoutMs: CLOSE_TIMEOUT_MS,
    close: async () => {
      try {
        await app.close();
        await db.close();
        redis?.disconnect();
      } finally {
        unlock();
      }
    },
    exit: (code) => process.exit(code),
  });
  process.on('SIGTERM', (signal) => void onSignal(signal));
  process.on('SIGINT', (signal) => void onSignal(signal));

  await app.listen({ port: config.port, host: config.host });
  // the metrics on their own port (127.0.0.1 by default), never the public one
  const metrics = config.metrics;
  const metricsAt = metrics
    ? await app.metricsServer.listen(metrics).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EADDRINUSE') throw error;
        throw new Error(
          `METRICS_PORT ${metrics.port} on ${metrics.host} is taken (another server?): set METRICS_PORT to another port, 0 (any free one) or off`,
        );
      })
    : null;
  const url = config.publicBaseUrl;
  console.log(
    `\nPlataforma de promociones: ${url}  (base de datos: ${db.driver === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL'})`,
  );
  console.log(
    metricsAt ? `Métricas (Prometheus): ${metricsAt}/metrics` : 'Métricas: desactivadas (METRICS_PORT=off)',
  );
  if (firstRun) {
    const shown = (p: string) => (firstRun.generated ? p : '(INITIAL_ADMIN_PASSWORD)');
    console.log(
      '\nPrimer arranque: se crearon estas cuentas. Guarde las contraseñas: no se volverán a mostrar.',
    );
    console.log(
      `  Plataforma   ${url}/login        usuario: superadmin  contraseña: ${shown(firstRun.superadminPassword)}`,
    );
    console.log(
      `  Cliente demo ${url}/demo/login   usuario: admin       contraseña: ${shown(firstRun.adminPassword)}\n`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
