/**
 * Requests answered, counted by method, route pattern and status, with a latency histogram per
 * method and route, in plain numbers: recording one answer is a map look-up and a few additions.
 * prom-client's Counter and Histogram hash their label objects on every call, which cost a sixth of
 * a landing page's answer under load (bench/README.md, landing). The tally is read only when
 * Prometheus scrapes: `metrics()` gives prom-client the two metrics in its own shape.
 */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

type RouteTally = {
  method: string;
  route: string;
  byStatus: Map<number, number>;
  /** Answers at or under each bucket's bound (not cumulative until read), then above them all. */
  buckets: Float64Array;
  sum: number;
  count: number;
};

type Sample = { labels: Record<string, string | number>; value: number; metricName?: string };

/** The shape prom-client's Registry takes for a metric it does not own (`registerMetric`). */
export type CollectedMetric = {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: string; aggregator: 'sum'; values: Sample[] }>;
  reset(): void;
};

export class RequestTally {
  private readonly routes = new Map<string, RouteTally>();

  record(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route}`;
    let tally = this.routes.get(key);
    if (!tally) {
      tally = {
        method,
        route,
        byStatus: new Map(),
        buckets: new Float64Array(BUCKETS.length + 1),
        sum: 0,
        count: 0,
      };
      this.routes.set(key, tally);
    }
    tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > (BUCKETS[bucket] as number)) bucket++;
    (tally.buckets[bucket] as number)++;
    tally.sum += seconds;
    tally.count++;
  }

  /** The two metrics, as `http_requests_total` and `http_request_duration_seconds` have always read. */
  metrics(): CollectedMetric[] {
    const metric = (
      name: string,
      help: string,
      type: 'counter' | 'histogram',
      values: () => Sample[],
    ): CollectedMetric => ({
      name,
      help,
      type,
      aggregator: 'sum',
      get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
      reset: () => this.routes.clear(),
    });
    return [
      metric('http_requests_total', 'HTTP requests answered, by method, route and status', 'counter', () =>
        [...this.routes.values()].flatMap(({ method, route, byStatus }) =>
          [...byStatus].map(([status, value]) => ({
            labels: { method, route, status: String(status) },
            value,
          })),
        ),
      ),
      metric(
        'http_request_duration_seconds',
        'Time to answer HTTP requests, by method and route',
        'histogram',
        () =>
          [...this.routes.values()].flatMap(({ method, route, buckets, sum, count }) => {
            let below = 0;
            const samples: Sample[] = BUCKETS.map((le, i) => {
              below += buckets[i] as number;
              return {
                metricName: 'http_request_duration_seconds_bucket',
                labels: { le, method, route },
                value: below,
              };
            });
            return [
              ...samples,
              {
                metricName: 'http_request_duration_seconds_bucket',
                labels: { le: '+Inf', method, route },
                value: count,
              },
              { metricName: 'http_request_duration_seconds_sum', labels: { method, route }, value: sum },
              { metricName: 'http_request_duration_seconds_count', labels: { method, route }, value: count },
            ];
          }),
      ),
    ];
  }
}
