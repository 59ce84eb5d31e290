import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and settles no sooner than `ms` after the call, whether it answers or throws: an
 * answer whose time must not tell what the server found (whether a person exists) takes a fixed
 * time longer than the work. Real time, not the injected clock: it is the caller's wait.
 */
export async function noSoonerThan<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const until = performance.now() + ms;
  try {
    return await work();
  } finally {
    const left = until - performance.now();
    if (left > 0) await sleep(left);
  }
}
