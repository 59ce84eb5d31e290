import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';

/** Liveness, readiness (the database answers) and Prometheus metrics, outside /api. */
export function registerOpsRoutes(app: FastifyInstance, deps: { db: Database; metrics: Registry }): void {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    try {
      await deps.db.tx({ tenantId: null }, async (tx) => tx.execute('select 1'));
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('content-type', deps.metrics.contentType);
    return deps.metrics.metrics();
  });
}
