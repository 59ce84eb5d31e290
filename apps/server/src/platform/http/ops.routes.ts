import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../errors.ts';

/**
 * Liveness and readiness, outside /api. Ready means: not draining for a shutdown, and the database
 * answers; a load balancer stops sending requests on a 503. The metrics are served on a port of
 * their own (metrics.ts); here `/metrics` is 404, also where the web app answers every other path.
 */
export function registerOpsRoutes(
  app: FastifyInstance,
  deps: { db: Database; isDraining: () => boolean },
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

  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async () => {
    throw new AppError('NOT_FOUND');
  });
}
