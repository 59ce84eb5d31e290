import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';

/**
 * Prometheus metrics: request counts and a latency histogram per route, process metrics, and the
 * replica's lag when there is one (-1: not measurable, reads then go to the primary).
 */
export function registerMetrics(app: FastifyInstance, db: Database): Registry {
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
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // the route pattern, not the URL: ids and codes must not become labels
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  return registry;
}
