import { isDatabaseUnavailable } from '../platform/database-availability.ts';

/** What a failed attempt is called in the log: its code, else its message (no personal data here). */
function reason(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Opens the database, waiting for it while it is unreachable (a server started with, or just
 * before, its database): tries again after 0.5, 1, 2, then every 5 s, one log line per try, and
 * gives up after `waitMs` with an error that says so. Other failures (a wrong password, a missing
 * database) are thrown at once: waiting would not mend them.
 */
export async function openWhenReachable<T>(
  open: () => Promise<T>,
  options: { waitMs: number; log: (line: string) => void; now?: () => number },
): Promise<T> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.waitMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const delay = Math.min(500 * 2 ** (attempt - 1), 5000);
      if (now() + delay > deadline)
        throw new Error(
          `The database is still unreachable after ${Math.round(options.waitMs / 1000)} s (${reason(error)}); giving up.`,
          { cause: error },
        );
      options.log(
        `The database is unreachable (${reason(error)}); trying again in ${delay} ms (attempt ${attempt}).`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
