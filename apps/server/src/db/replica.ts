import type { Database } from './client.ts';

/**
 * How far a hot standby is behind its primary, in milliseconds: 0 when it has replayed all it
 * received (an idle primary sends nothing, so the last replayed transaction's age would be no
 * measure), else the age of the last replayed transaction. A server that is not a standby: 0.
 */
export const REPLICA_LAG_SQL = `SELECT CASE
  WHEN NOT pg_is_in_recovery() THEN 0
  WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
  ELSE coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000, 0)
END::float8 AS lag_ms`;

export type ReplicaOptions = {
  /** A replica further behind than this (or unreachable) is skipped: reads go to the primary. */
  maxLagMs: number;
  /** How often the lag is measured. */
  pollMs?: number;
  /** The lag now (tests give their own); by default REPLICA_LAG_SQL on the replica. */
  measureLag?: () => Promise<number>;
  /** Told when the replica cannot be measured (it is then skipped until it can). */
  onUnreachable?: (error: unknown) => void;
};

/**
 * The primary for everything, and a replica for the reads that may lag (`readTx`: reports,
 * exports, statistics) while its measured lag is within `maxLagMs`. `replicaLagMs` answers the
 * last measure (null: not measured or unreachable), for /metrics.
 */
export function withReplica(primary: Database, replica: Database, options: ReplicaOptions): Database {
  const measure =
    options.measureLag ??
    (async () => (await replica.ownerQuery<{ lag_ms: number }>(REPLICA_LAG_SQL))[0]?.lag_ms ?? 0);
  let lagMs: number | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const poll = async () => {
    try {
      lagMs = await measure();
    } catch (error) {
      lagMs = null;
      options.onUnreachable?.(error);
    }
    if (!closed) {
      timer = setTimeout(poll, options.pollMs ?? 1000);
      timer.unref();
    }
  };
  const first = poll();
  return {
    driver: primary.driver,
    tx: (scope, fn) => primary.tx(scope, fn),
    // the hot paths write: always on the primary
    call: (scope, fn) => primary.call(scope, fn),
    readTx: async (scope, fn) => {
      await first;
      return lagMs !== null && lagMs <= options.maxLagMs ? replica.tx(scope, fn) : primary.tx(scope, fn);
    },
    replicaLagMs: () => lagMs,
    ownerExec: (statements) => primary.ownerExec(statements),
    ownerQuery: (text, params) => primary.ownerQuery(text, params),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await Promise.all([primary.close(), replica.close()]);
    },
  };
}
