// What a load run costs PostgreSQL's write-ahead log: bytes written and flushes (fsync) per request,
// from the cluster-wide `pg_stat_wal` read before and after the run. On this machine a commit waits
// for its flush (synchronous_commit on), and the sampled wait events of a participation load are
// mostly `WALWrite` and `WALSync`: how many commits share one flush, and how many bytes each
// request writes, say more than requests per second do. Cluster-wide: nothing else should write
// meanwhile. Null figures without a PostgreSQL URL (the embedded database) or without psql.
// Full-page images: the first change of a page after a checkpoint logs the whole page (8 kB), so a
// request that changes pages at random places (a random key's index leaf) writes them while
// checkpoints come often, and checkpoints come often when the WAL grows fast (max_wal_size).
import { spawnSync } from 'node:child_process';

function walCounters(databaseUrl) {
  const read = spawnSync(
    'psql',
    [databaseUrl, '-qAtc', 'SELECT wal_bytes, wal_sync, wal_fpi FROM pg_stat_wal'],
    {
      encoding: 'utf8',
    },
  );
  if (read.status !== 0) return null;
  const [bytes, flushes, pageImages] = read.stdout.trim().split('|').map(Number);
  return { bytes, flushes, pageImages };
}

/**
 * Starts measuring; `stop(requests)` answers WAL bytes per request, requests per flush, and
 * full-page images per request.
 */
export function walMeter(databaseUrl) {
  const before = databaseUrl ? walCounters(databaseUrl) : null;
  return {
    stop(requests) {
      const after = before ? walCounters(databaseUrl) : null;
      if (!after || requests <= 0)
        return { bytesPerRequest: null, requestsPerFlush: null, pageImagesPerRequest: null };
      const flushes = after.flushes - before.flushes;
      return {
        bytesPerRequest: Math.round((after.bytes - before.bytes) / requests),
        requestsPerFlush: flushes > 0 ? Number((requests / flushes).toFixed(2)) : null,
        pageImagesPerRequest: Number(((after.pageImages - before.pageImages) / requests).toFixed(2)),
      };
    },
  };
}
