/**
 * Hot calls in batches (decision 035). Every transaction costs the database a fixed share of work
 * (its message, snapshot, commit and the wake-ups around them), more than half of a redemption's.
 * So calls that arrive while `inFlight` batches are already in the database wait, and travel
 * together when one comes back: up to `size` calls of one function in one transaction. At a quiet
 * moment nothing waits: a call that finds a batch free travels at once, alone (with `gatherTurn`,
 * at the end of the event loop's turn, with the calls that arrived in it).
 *
 * Only the travelling is shared. `many` answers each call's own outcome (its rows, its error, or
 * `alone`: run it again by itself, for a failure whose cause may have been its batch).
 */
export type BatchOutcome<R> = { rows: R } | { error: unknown } | 'alone';

export type BatchLimits = {
  /** Batches in the database at once; calls beyond them wait for one to come back. */
  inFlight: number;
  /** Calls per batch at most. */
  size: number;
  /**
   * Calls gather until the end of the event loop's turn before a batch leaves, instead of
   * leaving at once when a batch is free. For a database on this thread (the embedded one): its
   * batch runs without yielding, so no other request is read meanwhile, and a call sent at once
   * would always travel alone. Waiting for the turn's end lets every request read in that turn
   * join it.
   */
  gatherTurn?: boolean;
};

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Waiting<C, R> = { call: C; order: number; resolve: (rows: R) => void; reject: (error: unknown) => void };

export function callsInBatches<C, R>(options: {
  limits: BatchLimits;
  /** The batch a call may join (calls of one function); null: it always travels alone. */
  batchOf: (call: C) => string | null;
  /**
   * Where a call runs in its batch: calls run in the order of these keys, so that two batches take
   * the rows their calls share (a product's stock, a person) in one order, and neither waits for
   * the other in a circle (a deadlock, which PostgreSQL breaks only after a second).
   */
  orderOf: (call: C) => string;
  one: (call: C) => Promise<R>;
  many: (calls: C[]) => Promise<BatchOutcome<R>[]>;
}): (call: C) => Promise<R> {
  const { limits, batchOf, orderOf, one, many } = options;
  const waiting = new Map<string, Waiting<C, R>[]>();
  let inFlight = 0;
  let arrivals = 0;
  let gathering = false;

  /** Sends what waits: now, or at the end of the turn (`gatherTurn`). */
  function schedule(): void {
    if (!limits.gatherTurn) dispatch();
    else if (!gathering) {
      gathering = true;
      setImmediate(() => {
        gathering = false;
        dispatch();
      });
    }
  }

  /** The queue whose first call has waited longest. */
  function oldestQueue(): Waiting<C, R>[] | undefined {
    let oldest: Waiting<C, R>[] | undefined;
    for (const queue of waiting.values())
      if (queue.length > 0 && (!oldest || (queue[0]?.order ?? 0) < (oldest[0]?.order ?? 0))) oldest = queue;
    return oldest;
  }

  function dispatch(): void {
    while (inFlight < limits.inFlight) {
      const queue = oldestQueue();
      if (!queue) return;
      const batch = queue.splice(0, limits.size).sort((a, b) => compare(orderOf(a.call), orderOf(b.call)));
      inFlight++;
      // send settles every call of the batch itself and never rejects
      void send(batch).finally(() => {
        inFlight--;
        schedule();
      });
    }
  }

  async function send(batch: Waiting<C, R>[]): Promise<void> {
    const [only] = batch;
    if (only && batch.length === 1) {
      await one(only.call).then(only.resolve, only.reject);
      return;
    }
    let outcomes: BatchOutcome<R>[];
    try {
      outcomes = await many(batch.map((w) => w.call));
    } catch (error) {
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => {
      const outcome = outcomes[i];
      if (outcome === undefined) w.reject(new Error('a batch answered fewer calls than it was sent'));
      else if (outcome === 'alone') one(w.call).then(w.resolve, w.reject);
      else if ('rows' in outcome) w.resolve(outcome.rows);
      else w.reject(outcome.error);
    });
  }

  return (call) => {
    const key = batchOf(call);
    if (key === null) return one(call);
    return new Promise<R>((resolve, reject) => {
      let queue = waiting.get(key);
      if (!queue) {
        queue = [];
        waiting.set(key, queue);
      }
      queue.push({ call, order: arrivals++, resolve, reject });
      schedule();
    });
  };
}
