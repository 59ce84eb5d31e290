import { AppError } from '../errors.ts';
import type { Throttle } from './throttle.ts';

/**
 * Brute-force protection of look-ups by secret (codes, identity numbers): `work` runs only while
 * none of `keys` is blocked (RATE_LIMITED otherwise), and a refusal that `isMiss` counts as a miss
 * counts against every key, so that a run of misses blocks them a while.
 */
export function missGuard(misses: Throttle, isMiss: (error: AppError) => boolean) {
  return async function guarded<T>(keys: string[], work: () => Promise<T>): Promise<T> {
    for (const key of keys) if (await misses.blocked(key)) throw new AppError('RATE_LIMITED');
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && isMiss(error)) for (const key of keys) await misses.hit(key);
      throw error;
    }
  };
}
