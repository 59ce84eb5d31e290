import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';

/**
 * Liveness, readiness and Prometheus metrics, outside /api. Ready means: not draining for a
 * shutdown, and the database answers; a load balancer stops sending requests on a 503.
 */
export function registerOpsRoutes(
  app: FastifyInstance,
  deps: { db: Database; metrics: Registry; isDraining: () => boolean },
): void {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    if (deps.isDraining()) return reply.status(503).send({ status: 'draining' });
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
