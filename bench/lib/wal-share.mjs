// What a load run costs PostgreSQL's write-ahead log: bytes written and flushes (fsync) per request,
// from the cluster-wide `pg_stat_wal` read before and after the run. On this machine a commit waits
// for its flush (synchronous_commit on), and the sampled wait events of a participation load are
// mostly `WALWrite` and `WALSync`: how many commits share one flush, and how many bytes each
// request writes, say more than requests per second do. Cluster-wide: nothing else should write
// meanwhile. Null figures without a PostgreSQL URL (the embedded database) or without psql.
import { spawnSync } from 'node:child_process';

function walCounters(databaseUrl) {
  const read = spawnSync('psql', [databaseUrl, '-qAtc', 'SELECT wal_bytes, wal_sync FROM pg_stat_wal'], {
    encoding: 'utf8',
  });
  if (read.status !== 0) return null;
  const [bytes, flushes] = read.stdout.trim().split('|').map(Number);
  return { bytes, flushes };
}

/** Starts measuring; `stop(requests)` answers WAL bytes per request and requests per flush. */
export function walMeter(databaseUrl) {
  const before = databaseUrl ? walCounters(databaseUrl) : null;
  return {
    stop(requests) {
      const after = before ? walCounters(databaseUrl) : null;
      if (!after || requests <= 0) return { bytesPerRequest: null, requestsPerFlush: null };
      const flushes = after.flushes - before.flushes;
      return {
        bytesPerRequest: Math.round((after.bytes - before.bytes) / requests),
        requestsPerFlush: flushes > 0 ? Number((requests / flushes).toFixed(2)) : null,
      };
    },
  };
}
