import { randomUUID } from 'node:crypto';
import { finished } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { isDatabaseUnavailable } from '../platform/database-availability.ts';
import { type BatchLimits, type BatchOutcome, callsInBatches } from './hot-call-batches.ts';
import * as schema from './schema.ts';

export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction: usable wherever a database handle is. */
export type Tx = Orm;

/** Whose rows a transaction may see. */
export type TxScope = {
  /** The tenant of the request; null sees reference tables only. */
  tenantId: string | null;
  /** sha256 of a password-reset secret: makes that one reset row visible. */
  resetTokenHash?: string;
  /** The job worker: sees every tenant's jobs (and nothing else of theirs). */
  jobWorker?: boolean;
  /** The outbox worker: sees every tenant's outbox (and nothing else of theirs). */
  outboxWorker?: boolean;
};

export interface Database {
  readonly driver: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction as the application role, scoped by row-level security. */
  tx<T>(scope: TxScope, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Calls one SQL function of a hot path (decision 019) in a transaction of its own, scoped as
   * `tx`, and answers its rows. On PostgreSQL the transaction is one message (BEGIN, the scope, the
   * call, COMMIT): one round trip. If the call fails, nothing of it is committed.
   */
  call<R>(scope: TxScope, fn: SqlFunction): Promise<R[]>;
  /**
   * A read-only transaction whose data may lag a little (reports, exports, statistics): on the
   * replica when one is configured and fresh enough (db/replica.ts), else as `tx`.
   */
  readTx<T>(scope: TxScope, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** The replica's last measured lag in ms (null: unknown); absent without a replica. */
  replicaLagMs?: () => number | null;
  /** SQL as the connecting (owner) role, for migrations and tests: bypasses the application role. */
  ownerExec(statements: string): Promise<void>;
  ownerQuery<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests start copies from it). */
  dumpDataDir?: () => Promise<Blob>;
}

export const APP_ROLE = 'promo_app';

/** A call of a hot path's SQL function: its name and its arguments, in order. */
export type SqlFunction = {
  name: string;
  args: readonly (string | number | null)[];
  /**
   * Where the call runs among the calls it travels with (decision 035): the rows it locks that
   * other calls may lock too, e.g. the product and shop whose stock it takes. Calls without one
   * run first, in their order of arrival.
   */
  lockOrder?: string;
};

/**
 * The text of a hot path's call, `SELECT * FROM name(args)`, with the arguments written as
 * literals (PostgreSQL takes each as the type of its parameter): the form that can travel in one
 * message with its BEGIN and COMMIT, which the extended protocol cannot do.
 */
function callText(fn: SqlFunction): string {
  if (!/^[a-z_]+$/.test(fn.name)) throw new Error('invalid SQL function name');
  const args = fn.args.map((arg) => (arg === null ? 'NULL' : sqlLiteral(arg)));
  return `SELECT * FROM ${fn.name}(${args.join(', ')})`;
}

function scoped<T>(orm: Orm, scope: TxScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return orm.transaction(async (tx) => {
    await tx.execute(sql.raw(scopeSettings(scope)));
    return fn(tx);
  });
}

/** Embedded PostgreSQL (WASM) in `dataDir`, or in memory when `dataDir` is null. */
export async function openPglite(
  options: { dataDir: string | null; loadDataDir?: Blob } & HotCallOptions,
): Promise<Database> {
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  const orm = drizzlePglite(client, { schema }) as unknown as Orm;
  // one exec: one pass through the WebAssembly PostgreSQL instead of four (BEGIN, the settings,
  // the call, COMMIT), under the client's transaction lock like any transaction
  const exec = async <R>(text: string) => ((await client.exec(text)).at(-1)?.rows ?? []) as R[];
  const hotCall = hotCallsThrough(exec, options, EMBEDDED_HOT_CALL_LIMITS);
  return {
    driver: 'pglite',
    tx: (scope, fn) => scoped(orm, scope, fn),
    call: <R>(scope: TxScope, fn: SqlFunction) => hotCall({ scope, fn }) as Promise<R[]>,
    readTx: (scope, fn) => scoped(orm, scope, fn),
    ownerExec: async (statements) => {
      try {
        await client.exec(statements);
      } catch (error) {
        await client.exec('ROLLBACK');
        throw error;
      }
    },
    ownerQuery: async <R>(text: string, params?: unknown[]) =>
      (await client.query<R>(text, params as unknown[])).rows,
    close: () => client.close(),
    dumpDataDir: async () => (await client.dumpDataDir('none')) as Blob,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^[0-9a-f]{0,128}$/i;

/**
 * The settings of a scoped transaction as one statement (the role, the tenant and the workers'
 * flags, each local to the transaction). Its values are inlined, so they are checked against
 * strict formats first: a UUID and a hex digest, nothing else.
 */
function scopeSettings(scope: TxScope): string {
  const tenantId = scope.tenantId ?? '';
  const resetHash = scope.resetTokenHash ?? '';
  if ((tenantId && !UUID.test(tenantId)) || !HEX.test(resetHash))
    throw new Error('invalid transaction scope');
  return `SELECT set_config('role', '${APP_ROLE}', true), set_config('app.tenant_id', '${tenantId}', true), set_config('app.reset_token_hash', '${resetHash}', true), set_config('app.job_worker', '${scope.jobWorker ? 'on' : ''}', true), set_config('app.outbox_worker', '${scope.outboxWorker ? 'on' : ''}', true)`;
}

/**
 * The statement that opens a scoped transaction, sent as one round trip (BEGIN and the settings
 * together, which the extended protocol cannot do).
 */
function beginScoped(scope: TxScope): string {
  return `BEGIN; ${scopeSettings(scope)}`;
}

/**
 * A hot path's call as one message of the simple protocol: the scope's settings, then the call.
 * PostgreSQL runs the statements of one such message as one implicit transaction: it commits
 * after the last, and a failure rolls the whole back and leaves the session outside any
 * transaction, so no BEGIN, COMMIT or ROLLBACK travels and none is parsed. The call's rows are
 * the message's last result.
 */
function scopedCallText(scope: TxScope, fn: SqlFunction): string {
  return `${scopeSettings(scope)}; ${callText(fn)}`;
}

/**
 * The hot functions that have a batch function (`<name>_batch`, migration 0038, decision 035):
 * their calls may travel together. Each answers text, numbers, uuids and JSON only, which come
 * back through the batch's JSON unchanged (schema.test.ts checks both).
 */
export const BATCHED_FUNCTIONS: ReadonlySet<string> = new Set([
  'redeem_reward_code',
  'look_up_reward_codes',
  'participate_in_one_call',
  'redeem_product_for_points',
]);

/**
 * How hot calls travel together on PostgreSQL: two batches in the database at once, up to 16
 * calls each (fewer than the 64 subtransactions a PostgreSQL backend keeps in shared memory).
 * Measured on two cores (bench/README.md, session 14): two in flight cost a redemption 0.20 ms of
 * PostgreSQL's CPU, three 0.22, four 0.23, eight 0.29; batches of 8 or 32 no better than 16.
 */
const HOT_CALL_LIMITS: BatchLimits = { inFlight: 2, size: 16 };
/**
 * The embedded database runs one statement at a time, on this thread: one batch at once, of the
 * calls that arrived in the event loop's turn. Sent at once instead, every call travelled alone
 * (session 18: 6,270 calls of a participation bench, 6,270 batches of one).
 */
const EMBEDDED_HOT_CALL_LIMITS: BatchLimits = { inFlight: 1, size: 16, gatherTurn: true };

/** How hot calls travel together (decision 035): the tests of batches make them form at will. */
export type HotCallOptions = {
  hotCallLimits?: BatchLimits;
  /** The functions whose calls may travel together; BATCHED_FUNCTIONS unless a test says. */
  batchedFunctions?: ReadonlySet<string>;
};

type HotCall = { scope: TxScope; fn: SqlFunction };
type BatchRow = { item: number; result: unknown; failed: string | null; message: string | null };

/** SQLSTATE of `RAISE EXCEPTION`: the hot functions' own refusals, the same whatever the batch. */
const RAISED = 'P0001';

/**
 * Hot calls through `send` (one message, its last result's rows): alone as the scoped call's
 * text, or together as a batch's (decision 035).
 */
function hotCallsThrough(
  send: <R>(text: string) => Promise<R[]>,
  options: HotCallOptions,
  limits: BatchLimits,
): (call: HotCall) => Promise<unknown[]> {
  return callsInBatches<HotCall, unknown[]>({
    limits: options.hotCallLimits ?? limits,
    batchOf: batchOf(options.batchedFunctions ?? BATCHED_FUNCTIONS),
    orderOf: ({ fn }) => fn.lockOrder ?? '',
    one: ({ scope, fn }) => send(scopedCallText(scope, fn)),
    many: (calls) => eachOutcome(calls, () => send<BatchRow>(batchCallText(calls))),
  });
}

/**
 * The batch a hot call may join: its function's, if it has a batch function and the call is
 * scoped to a tenant alone with arguments its JSON carries as the one-call message's literals
 * would (else it travels alone, where anything else is refused as before).
 */
function batchOf(batched: ReadonlySet<string>): (call: HotCall) => string | null {
  return ({ scope, fn }) => {
    const tenantOnly =
      scope.tenantId !== null && !scope.resetTokenHash && !scope.jobWorker && !scope.outboxWorker;
    const literal = (arg: string | number | null) =>
      arg === null || (typeof arg === 'number' ? Number.isSafeInteger(arg) : !arg.includes('\0'));
    return tenantOnly && batched.has(fn.name) && fn.args.every(literal) ? fn.name : null;
  };
}

/**
 * A batch as one message of the simple protocol: the first call's settings (the role), then the
 * batch function with each call's tenant and arguments; it sets each call's tenant itself.
 */
function batchCallText(calls: HotCall[]): string {
  const [first] = calls;
  if (!first) throw new Error('an empty batch');
  const tenants = calls.map(({ scope }) => {
    if (!scope.tenantId || !UUID.test(scope.tenantId)) throw new Error('invalid transaction scope');
    return `'${scope.tenantId}'`;
  });
  const args = sqlLiteral(JSON.stringify(calls.map(({ fn }) => fn.args)));
  return `${scopeSettings(first.scope)}; SELECT item, result, failed, message FROM ${first.fn.name}_batch(ARRAY[${tenants.join(', ')}]::uuid[], ${args})`;
}

/**
 * Each call's outcome from its batch. A batch that fails as a whole because the database is away
 * fails each call, as each alone would have failed. Any other failure of the whole (a statement
 * error, whichever call's argument caused it) sends each call again alone, so that no call fails
 * for a neighbour's sake.
 */
async function eachOutcome(
  calls: HotCall[],
  send: () => Promise<BatchRow[]>,
): Promise<BatchOutcome<unknown[]>[]> {
  try {
    return batchOutcomes(await send(), calls.length);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    return calls.map(() => 'alone');
  }
}

/**
 * Each call's outcome from the batch's rows: its rows; the error its function raised, as the
 * call alone would have met it; or, for any other failure (waiting over 10 ms for another
 * transaction's row, a deadlock, a conflict), `alone`: the call is run again by itself and
 * answers what that run answers.
 */
function batchOutcomes(rows: BatchRow[], count: number): BatchOutcome<unknown[]>[] {
  const outcomes: BatchOutcome<unknown[]>[] = Array.from({ length: count }, () => ({ rows: [] }));
  for (const row of rows) {
    const i = row.item - 1;
    const outcome = outcomes[i];
    if (row.failed === RAISED) outcomes[i] = { error: raisedError(row.message ?? '') };
    else if (row.failed !== null) outcomes[i] = 'alone';
    else if (outcome && outcome !== 'alone' && 'rows' in outcome) outcome.rows.push(row.result);
  }
  return outcomes;
}

/** A hot function's `RAISE EXCEPTION`, as node-postgres reports it for a call alone. */
function raisedError(message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = RAISED;
  error.severity = 'ERROR';
  return error;
}

/** node-postgres's refusal of a query on a connection already broken: the query was not sent. */
function neverSent(error: unknown): boolean {
  return error instanceof Error && /is not queryable/.test(error.message);
}

/** How long opening a connection may take before the database counts as unavailable. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * A node-postgres client whose *connecting* is bounded. The bound is not the pool's
 * `connectionTimeoutMillis`, which would also bound the wait for a free connection: under a
 * spike (thousands of requests for 20 connections) waiting is the right thing, and answering 503
 * after 5 s of queueing would refuse work the database can do. A database that is away refuses or
 * times out each new connection, so queued requests still get their 503 quickly.
 */
function clientWithConnectTimeout(timeoutMs: number): typeof pg.Client {
  return class extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({
        ...(typeof config === 'string' ? { connectionString: config } : config),
        connectionTimeoutMillis: timeoutMs,
      });
    }
  };
}

/**
 * PostgreSQL through a node-postgres pool. The pool survives the database: a connection that
 * dies (idle, or in use: a restart, a failover, `pg_terminate_backend`) is reported to `onError`
 * and thrown away, never an unhandled `'error'` that would end the process; the next request
 * opens a fresh one.
 */
export async function openPostgres(
  options: {
    url: string;
    poolSize?: number;
    /** Told of connections lost while nobody was using them (the pool replaces them). */
    onError?: (error: Error) => void;
    connectTimeoutMs?: number;
  } & HotCallOptions,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 20,
    Client: clientWithConnectTimeout(options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS),
    keepAlive: true,
    // int8 as a number, as PGlite answers it (counts and ids stay far below 2^53)
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
    },
  });
  pool.on('error', (error) => options.onError?.(error));
  // Every connection has an 'error' listener for its whole life: the pool's own one is there
  // only while it is idle, and a connection can die in use (or just as it is handed over, in the
  // same network read that completed it), where an unheard 'error' would end the process.
  const dead = new WeakSet<pg.PoolClient>();
  pool.on('connect', (connection) => {
    connection.on('error', () => dead.add(connection));
  });
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }

  /** A connection of the pool; released as broken (closed, not reused) if it died meanwhile. */
  async function checkOut() {
    const connection = await pool.connect();
    const state = { broken: false };
    return {
      connection,
      state,
      release: () => connection.release(state.broken || dead.has(connection)),
    };
  }

  /**
   * One transaction on one connection. If the opening statement fails because the connection
   * was dead (it died in the pool just before), nothing of `fn` has run and nothing can have been
   * written: it is tried once more on a fresh connection. Failures after that (a statement, the
   * COMMIT whose outcome is then unknown) are never retried here: they reach the caller, who
   * answers 503; a retry by the client is safe because writes are conditional or idempotent.
   */
  async function runTx<T>(
    scope: TxScope,
    fn: (tx: Tx) => Promise<T>,
    retryOnDeadConnection: boolean,
  ): Promise<{ result: T } | { retry: true }> {
    const begin = beginScoped(scope);
    const held = await checkOut();
    const { connection, state } = held;
    let begun = false;
    try {
      await connection.query(begin);
      begun = true;
      const result = await fn(drizzleNodePg(connection) as unknown as Orm);
      await connection.query('COMMIT');
      return { result };
    } catch (error) {
      if (!begun && retryOnDeadConnection && isDatabaseUnavailable(error)) {
        state.broken = true;
        return { retry: true };
      }
      await connection.query('ROLLBACK').catch(() => {
        state.broken = true;
      });
      throw error;
    } finally {
      held.release();
    }
  }

  // one connection per transaction, opened with BEGIN and the scope in a single round trip
  async function tx<T>(scope: TxScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const first = await runTx(scope, fn, true);
    if ('result' in first) return first.result;
    const second = await runTx(scope, fn, false);
    if ('result' in second) return second.result;
    throw new Error('unreachable: a second try is never retried');
  }

  /**
   * One message's results on a connection of the pool. A connection that died in the pool refuses
   * before sending anything, so that refusal alone is tried again, on a fresh connection.
   */
  async function sendMessage<R>(text: string): Promise<R[]> {
    for (let attempt = 0; ; attempt++) {
      const held = await checkOut();
      try {
        const results = (await held.connection.query(text)) as unknown as { rows: R[] }[];
        return results.at(-1)?.rows ?? [];
      } catch (error) {
        if (attempt === 0 && neverSent(error)) {
          held.state.broken = true;
          continue;
        }
        // PostgreSQL has rolled the implicit transaction back; a connection that failed on
        // our side is not given to another request
        if (!(error instanceof pg.DatabaseError)) held.state.broken = true;
        throw error;
      } finally {
        held.release();
      }
    }
  }

  const hotCall = hotCallsThrough(sendMessage, options, HOT_CALL_LIMITS);

  return {
    driver: 'postgres',
    tx,
    readTx: tx,
    call: <R>(scope: TxScope, fn: SqlFunction) => hotCall({ scope, fn }) as Promise<R[]>,
    ownerExec: async (statements) => {
      // one connection, so that a failed multi-statement script can be rolled back on it
      const held = await checkOut();
      try {
        await held.connection.query(statements);
      } catch (error) {
        await held.connection.query('ROLLBACK').catch(() => {
          held.state.broken = true;
        });
        throw error;
      } finally {
        held.release();
      }
    },
    ownerQuery: async <R>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as R[],
    close: () => pool.end(),
  };
}

/** Raw SQL through a transaction, answering its rows (both drivers answer `{ rows }`). */
export async function queryRows<R>(tx: Tx, query: SQL): Promise<R[]> {
  const result = (await tx.execute(query)) as unknown as { rows: R[] };
  return result.rows;
}

/**
 * The row a statement always answers (a call of one of our SQL functions): its absence is a bug,
 * thrown with the statement's name, `what`.
 */
export function onlyRow<R>(rows: readonly R[], what: string): R {
  const [row] = rows;
  if (row === undefined) throw new Error(`${what} answered no row`);
  return row;
}

/**
 * A text[] literal (`{A,B}`) for a parameter, of values that need no quoting in one: letters,
 * digits, `_` and `-` (generated codes); anything else throws.
 */
export function textArrayLiteral(values: readonly string[]): string {
  if (!values.every((v) => /^[A-Za-z0-9_-]+$/.test(v)))
    throw new Error('a value a text[] literal would have to quote');
  return `{${values.join(',')}}`;
}

/** `queryRows` for a statement that always answers one row (`onlyRow`). */
export async function queryOne<R>(tx: Tx, query: SQL, what: string): Promise<R> {
  return onlyRow(await queryRows<R>(tx, query), what);
}

/**
 * A value written into SQL text, for the statements that take no parameters (COPY): a safe
 * integer as digits, a string quoted as node-postgres's `escapeLiteral` does.
 */
export function sqlLiteral(value: string | number): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error('invalid SQL literal');
    return String(value);
  }
  if (value.includes('\0')) throw new Error('invalid SQL literal');
  const quoted = `'${value.replace(/'/g, "''").replace(/\\/g, '\\\\')}'`;
  return value.includes('\\') ? ` E${quoted}` : quoted;
}

/**
 * The rows of a query (SQL text, values inlined with `sqlLiteral`) as text lines, each column's
 * text form joined by commas and ended by `\n`, in the query's order, without holding the result:
 * on PostgreSQL a `COPY … TO STDOUT` stream, on PGlite a cursor read in batches. For columns whose
 * text never holds a comma, a backslash or a line end (numbers, UUIDs): no quoting is done.
 */
export async function* queryLines(tx: Tx, query: string, batch = 10_000): AsyncGenerator<Buffer> {
  const client = (tx as { $client?: unknown }).$client;
  if (client instanceof pg.Client) {
    yield* client.query(copyTo(`COPY (${query}) TO STDOUT (DELIMITER ',')`)) as AsyncIterable<Buffer>;
    return;
  }
  const cursor = `lines_${randomUUID().replace(/-/g, '')}`;
  await tx.execute(sql.raw(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${query}`));
  try {
    for (;;) {
      const rows = await queryRows<Record<string, unknown>>(tx, sql.raw(`FETCH ${batch} FROM ${cursor}`));
      if (rows.length === 0) return;
      let text = '';
      for (const row of rows) text += `${Object.values(row).join(',')}\n`;
      yield Buffer.from(text);
    }
  } finally {
    await tx.execute(sql.raw(`CLOSE ${cursor}`));
  }
}

/** The PGlite transaction under a drizzle one (for what drizzle does not pass on: COPY's blob). */
type PgliteCopyClient = {
  query(text: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
};

/**
 * Loads text rows (`COPY`'s text format: tab-separated, one row per `\n`) into `into` (a table and
 * its columns, e.g. `staging (code)`) inside the caller's transaction: on PostgreSQL a
 * `COPY … FROM STDIN` stream, one chunk written after another as the source yields them (bounded
 * memory); on PGlite a `COPY … FROM '/dev/blob'` per chunk. No escaping is done here: values
 * are written with `copyText`, or generated from a known alphabet.
 */
export async function copyIn(
  tx: Tx,
  into: string,
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
): Promise<void> {
  const client = (tx as { $client?: unknown }).$client;
  if (client instanceof pg.Client) {
    const stream = client.query(copyFrom(`COPY ${into} FROM STDIN`));
    const done = finished(stream);
    // a refusal of the rows' source (a broken file: the upload's catalogue message) is what the
    // caller must see, not the server's answer to the aborted COPY
    let refusal: unknown;
    try {
      for await (const chunk of chunks)
        if (!stream.write(chunk)) await new Promise((resolve) => stream.once('drain', resolve));
      stream.end();
    } catch (error) {
      refusal = error ?? new Error('COPY source failed');
      stream.destroy(error as Error);
    }
    try {
      await done;
    } catch (error) {
      throw refusal ?? error;
    }
    if (refusal) throw refusal;
    return;
  }
  // reading '/dev/blob' is reading a server file: only the owner may, so the COPY alone runs as the
  // owner (PGlite's session user) and the transaction's role is set back right after it (a failed
  // COPY aborts the transaction, whose local settings go with it)
  const pglite = (tx as unknown as { session: { client: PgliteCopyClient } }).session.client;
  const [role] = await queryRows<{ role: string }>(tx, sql`select current_setting('role') as role`);
  await tx.execute(sql`select set_config('role', 'none', true)`);
  for await (const chunk of chunks)
    await pglite.query(`COPY ${into} FROM '/dev/blob'`, [], {
      blob: new Blob([chunk as Uint8Array<ArrayBuffer>]),
    });
  await tx.execute(sql`select set_config('role', ${role?.role ?? APP_ROLE}, true)`);
}

/** A text value as a field of COPY's text format (backslash, tab and line ends escaped). */
export function copyText(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (ch) =>
    ch === '\\' ? '\\\\' : ch === '\t' ? '\\t' : ch === '\n' ? '\\n' : '\\r',
  );
}
