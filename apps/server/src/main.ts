import { join } from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { bootstrapFirstRun } from './bootstrap.ts';
import { readConfig } from './config.ts';
import { type Database, openPglite, openPostgres } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { migrate } from './db/migrate.ts';
import { seedCountries } from './features/countries/countries.service.ts';

async function main() {
  const config = readConfig();
  let unlock = () => {};
  let db: Database;
  if (config.databaseUrl) {
    db = await openPostgres({ url: config.databaseUrl });
  } else {
    unlock = lockDataDir(config.dataDir);
    db = await openPglite({ dataDir: join(config.dataDir, 'pgdata') });
  }
  await migrate(db);
  await seedCountries(db);
  const firstRun = await bootstrapFirstRun(db, config.initialAdminPassword);

  // Optional: rate limits shared by every server. The product runs without it.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 })
    : null;
  redis?.on('error', () => {});

  const app = await buildApp({
    redis,
    db,
    config: {
      jwtSecret: config.jwtSecret,
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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    try {
      await app.close();
      await db.close();
      redis?.disconnect();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = config.publicBaseUrl;
  console.log(
    `\nPlataforma de promociones: ${url}  (base de datos: ${db.driver === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL'})`,
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
