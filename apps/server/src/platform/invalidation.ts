import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

/** One process's caches forget `key` of cache `cache` (all of it when `key` is null). */
export type Invalidation = { cache: string; key: string | null };

/**
 * How a cache change made in one process reaches the others: every process publishes what it
 * forgets and forgets what the others publish. Delivery is best effort; a process that lost its
 * connection forgets everything when it is back (`onResync`), and the caches' short lifetimes
 * bound what a lost message can cost.
 */
export interface InvalidationBus {
  publish(message: Invalidation): void;
  /** `onMessage`: another process forgot something; `onResync`: messages may have been lost. */
  subscribe(onMessage: (message: Invalidation) => void, onResync: () => void): Promise<void>;
  close(): Promise<void>;
}

/** The channel (Redis) and the LISTEN name (PostgreSQL). */
export const INVALIDATION_CHANNEL = 'promo_cache_invalidation';

type Envelope = { o: string; c: string; k: string | null };

/** A message as sent: tagged with its process, so that a process skips its own. */
function encode(origin: string, message: Invalidation): string {
  return JSON.stringify({ o: origin, c: message.cache, k: message.key } satisfies Envelope);
}

function decode(origin: string, text: string): Invalidation | null {
  try {
    const e = JSON.parse(text) as Envelope;
    if (e.o === origin || typeof e.c !== 'string') return null;
    return { cache: e.c, key: typeof e.k === 'string' ? e.k : null };
  } catch {
    return null;
  }
}

/**
 * Redis pub/sub on two connections of its own: a subscribed connection does nothing else, and the
 * publishing one queues while it reconnects (the rate limits' client fails fast instead, which
 * would drop a message under load).
 */
export function redisInvalidationBus(url: string): InvalidationBus {
  const origin = randomUUID();
  const connect = () => {
    const redis = new Redis(url, { retryStrategy: (times) => Math.min(times * 200, 2000) });
    redis.on('error', () => {});
    return redis;
  };
  const subscriber = connect();
  const publisher = connect();
  return {
    publish: (message) => {
      publisher.publish(INVALIDATION_CHANNEL, encode(origin, message)).catch(() => {});
    },
    subscribe: async (onMessage, onResync) => {
      subscriber.on('message', (_channel, text: string) => {
        const message = decode(origin, text);
        if (message) onMessage(message);
      });
      let connectedBefore = false;
      subscriber.on('ready', () => {
        // ioredis subscribes again by itself; what was published meanwhile is lost
        if (connectedBefore) onResync();
        connectedBefore = true;
      });
      await subscriber.subscribe(INVALIDATION_CHANNEL);
    },
    close: async () => {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY on one direct connection to the primary (LISTEN is session state:
 * through PgBouncer in transaction mode it would be lost). Reconnects every second while away.
 */
export function postgresInvalidationBus(
  url: string,
  onLost: (error: Error) => void = () => {},
): InvalidationBus {
  const origin = randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let handlers: { onMessage: (m: Invalidation) => void; onResync: () => void } | null = null;

  async function connect(isReconnect: boolean): Promise<void> {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    next.on('error', (error) => lose(next, error));
    next.on('end', () => lose(next, new Error('connection ended')));
    next.on('notification', (n) => {
      const message = n.channel === INVALIDATION_CHANNEL && n.payload ? decode(origin, n.payload) : null;
      if (message) handlers?.onMessage(message);
    });
    await next.connect();
    await next.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    client = next;
    if (isReconnect) handlers?.onResync();
  }

  function lose(which: pg.Client, error: Error) {
    if (client !== which || closed) return;
    client = null;
    onLost(error);
    which.end().catch(() => {});
    retry();
  }

  function retry() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect(true).catch(() => retry());
    }, 1000);
    timer.unref();
  }

  return {
    publish: (message) => {
      client
        ?.query('SELECT pg_notify($1, $2)', [INVALIDATION_CHANNEL, encode(origin, message)])
        .catch(() => {});
    },
    subscribe: async (onMessage, onResync) => {
      handlers = { onMessage, onResync };
      await connect(false);
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

/** Processes of one test joined without a server: each bus of a hub hears the others at once. */
export function memoryInvalidationHub() {
  const listeners = new Set<(message: Invalidation, from: object) => void>();
  return {
    bus(): InvalidationBus {
      const self = {};
      let listener: ((message: Invalidation, from: object) => void) | undefined;
      return {
        publish: (message) => {
          for (const l of listeners) l(message, self);
        },
        subscribe: async (onMessage) => {
          listener = (message, from) => {
            if (from !== self) onMessage(message);
          };
          listeners.add(listener);
        },
        close: async () => {
          if (listener) listeners.delete(listener);
        },
      };
    },
  };
}
