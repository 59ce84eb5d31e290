import { type Metric, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestTally } from './request-tally.ts';

async function scraped(tally: RequestTally): Promise<string> {
  const registry = new Registry();
  for (const metric of tally.metrics()) registry.registerMetric(metric as unknown as Metric);
  return registry.metrics();
}

describe('the request tally, as Prometheus reads it', () => {
  it('counts answers by method, route and status', async () => {
    const tally = new RequestTally();
    tally.record('GET', '/api/users/:id', 200, 0.002);
    tally.record('GET', '/api/users/:id', 200, 0.004);
    tally.record('GET', '/api/users/:id', 404, 0.001);
    tally.record('POST', '/api/redeem-codes', 200, 0.03);
    const text = await scraped(tally);
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('http_requests_total{method="GET",route="/api/users/:id",status="200"} 2');
    expect(text).toContain('http_requests_total{method="GET",route="/api/users/:id",status="404"} 1');
    expect(text).toContain('http_requests_total{method="POST",route="/api/redeem-codes",status="200"} 1');
  });

  it('keeps a cumulative latency histogram per method and route, with its sum and count', async () => {
    const tally = new RequestTally();
    for (const seconds of [0.0005, 0.001, 0.002, 0.03, 7]) tally.record('GET', '/x', 200, seconds);
    const text = await scraped(tally);
    const bucket = (le: string) =>
      Number(
        text.match(
          new RegExp(`http_request_duration_seconds_bucket\\{le="${le}",method="GET",route="/x"\\} (\\S+)`),
        )?.[1],
      );
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(bucket('0.001')).toBe(2); // a bound holds what equals it
    expect(bucket('0.0025')).toBe(3);
    expect(bucket('0.025')).toBe(3);
    expect(bucket('0.05')).toBe(4);
    expect(bucket('5')).toBe(4);
    expect(bucket('\\+Inf')).toBe(5);
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/x"} 5');
    expect(
      Number(text.match(/http_request_duration_seconds_sum\{method="GET",route="\/x"\} (\S+)/)?.[1]),
    ).toBeCloseTo(7.0335, 6);
  });
});
