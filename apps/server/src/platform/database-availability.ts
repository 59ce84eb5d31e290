/** Seconds a client is told to wait (`Retry-After`) while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// PostgreSQL answers that say "not now" rather than "wrong request": a restart or failover
// (admin_shutdown, crash_shutdown, cannot_connect_now), too many connections, a lost connection.
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '53400']);
// The socket's own failures, from the operating system.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// node-postgres and its pool report these without a code.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  // ALTER DATABASE … ALLOW_CONNECTIONS false (SQLSTATE 55000, which also means other things)
  'is not currently accepting connections',
];

function isUnavailableItself(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code) || NETWORK_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true; // connection exception class
  }
  return UNAVAILABLE_MESSAGES.some((message) => error.message.includes(message));
}

/**
 * Whether an error means "the database cannot be reached now" (down, restarting, refusing
 * connections, the connection lost) rather than a fault of the request or of the code. Looks
 * through `cause` (the ORM wraps driver errors) and AggregateError (a connect that tried
 * several addresses).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (isUnavailableItself(current)) return true;
    if (current instanceof AggregateError && current.errors.some(isUnavailableItself)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
