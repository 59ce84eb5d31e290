import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';
import type { RequestTally } from './request-tally.ts';

/**
 * Prometheus metrics: request counts and a latency histogram per route (`tally`, which the front
 * door's answers feed as well), process metrics, and the
 * replica's lag when there is one (-1: not measurable, reads then go to the primary).
 */
export function registerMetrics(app: FastifyInstance, db: Database, tally: RequestTally): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const replicaLag = db.replicaLagMs;
  if (replicaLag) {
    new Gauge({
      name: 'db_replica_lag_milliseconds',
      help: 'How far the read replica is behind the primary (-1: unreachable)',
      registers: [registry],
      collect() {
        this.set(replicaLag() ?? -1);
      },
    });
  }
  for (const metric of tally.metrics()) registry.registerMetric(metric as unknown as Metric);
  app.addHook('onResponse', (request, reply, done) => {
    // the route pattern, not the URL: ids and codes must not become labels
    tally.record(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  return registry;
}

/**
 * The server Prometheus scrapes: `GET /metrics` of `registry` and nothing else, on a port of its
 * own (METRICS_PORT, bound to 127.0.0.1 unless METRICS_HOST says otherwise), so that the public
 * port never shows what the process is doing. Built with the app and closed with it; main.ts
 * makes it listen, tests inject into it.
 */
export function metricsServer(registry: Registry, log: FastifyBaseLogger): FastifyInstance {
  const server = Fastify({ loggerInstance: log });
  server.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return server;
}
