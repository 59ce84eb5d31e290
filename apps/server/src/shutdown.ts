/** What a shutdown needs of the application. */
export type Drainable = {
  /** /readyz answers 503 from now on; requests are still served. */
  drain(): void;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
};

export type ShutdownOptions = {
  app: Drainable;
  /** After SIGTERM: how long requests are still served while /readyz says 503. */
  drainMs: number;
  /** After SIGINT (Ctrl-C at a terminal): no load balancer to wait for, so a short drain. */
  interruptDrainMs: number;
  /** Stops accepting, finishes in-flight requests, stops jobs and closes the database. */
  close: () => Promise<void>;
  /** A close that takes longer than this (a request that never ends) is cut short. */
  closeTimeoutMs: number;
  exit: (code: number) => void;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A graceful shutdown on a signal: drain (readiness 503, requests served), then close (no new
 * connections, idle keep-alive connections closed, in-flight requests answered with
 * `connection: close`), then exit 0. The same signal again is the same request (a process group's
 * signal reaches the server directly and again through `npm start`'s wrapper): it is ignored.
 * Another signal (SIGINT during a SIGTERM's drain, say), or a close that overruns, exits 1 at once.
 */
export function shutdownOnSignal(options: ShutdownOptions): (signal: NodeJS.Signals) => Promise<void> {
  let started: NodeJS.Signals | null = null;
  return async (signal) => {
    const { app } = options;
    if (started === signal) {
      app.log.info({ signal }, 'the same signal again during shutdown: already shutting down');
      return;
    }
    if (started) {
      app.log.error({ signal, first: started }, 'another signal during shutdown: exiting now');
      options.exit(1);
      return;
    }
    started = signal;
    const drainMs = signal === 'SIGINT' ? options.interruptDrainMs : options.drainMs;
    app.drain();
    app.log.info({ signal, drainMs }, 'shutting down: /readyz answers 503, requests still served');
    await wait(drainMs);
    app.log.info({ signal }, 'shutting down: closing (in-flight requests finish, jobs stop)');
    const overrun = setTimeout(() => {
      app.log.error({ closeTimeoutMs: options.closeTimeoutMs }, 'shutdown overran its time: exiting');
      options.exit(1);
    }, options.closeTimeoutMs);
    overrun.unref();
    try {
      await options.close();
      clearTimeout(overrun);
      app.log.info({ signal }, 'shut down');
      options.exit(0);
    } catch (error) {
      clearTimeout(overrun);
      app.log.error({ err: error }, 'shutdown failed');
      options.exit(1);
    }
  };
}
