// A load from wrk (Debian's package `wrk`, C): for answers whose body is most of the work of the
// load generator. autocannon 9 appends every answer's body to a string (its
// pipelinedRequestsQueue's `req.body += data`), a UTF-8 decode per answer that costs the load
// generator in proportion to the body's non-ASCII bytes: on this machine a minimal Fastify route
// sending 4,053 random bytes answers autocannon 25,000 times a second and the same length of 'a'
// 78,000, while wrk takes either at the same rate. A compressed page is all non-ASCII bytes, so
// under autocannon its figure is the decoder's. Hello's body is ASCII, so each is loaded by the same tool.
import { spawnSync } from 'node:child_process';

/** True when wrk is on the PATH (`apt-get install -y wrk`). */
export const hasWrk = () => spawnSync('wrk', ['--version']).error === undefined;

const unitMs = { us: 1e-3, ms: 1, s: 1000, m: 60_000 };
const latencyMs = (text, percentile) => {
  const match = text.match(new RegExp(`^\\s*${percentile}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm'));
  return match ? Number((Number(match[1]) * unitMs[match[2]]).toFixed(2)) : null;
};

/**
 * `wrk` on one thread (the machine has two cores: one for the load, one for the server, as
 * autocannon's one thread) with `connections` kept-alive connections for `duration` seconds,
 * answered as `measuredLoad`'s figures: requests per second, p50/p99, answers other than 2xx/3xx,
 * socket errors.
 */
export function wrkLoad({ url, connections, duration, headers = {} }) {
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const run = spawnSync('wrk', [...args, url], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk: ${run.stderr || run.error}`);
  const out = run.stdout;
  const requestsPerSecond = Number(out.match(/^Requests\/sec:\s+([\d.]+)/m)?.[1]);
  if (!Number.isFinite(requestsPerSecond)) throw new Error(`wrk: no requests per second in\n${out}`);
  const socketErrors = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    requestsPerSecond: Math.round(requestsPerSecond),
    latencyMs: { p50: latencyMs(out, 50), p99: latencyMs(out, 99) },
    non2xx: Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}
