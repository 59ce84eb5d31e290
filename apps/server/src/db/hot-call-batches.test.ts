import { describe, expect, it } from 'vitest';
import { type BatchLimits, type BatchOutcome, callsInBatches } from './hot-call-batches.ts';

/** A call the tests send: its name, and how its function answers it. */
type Call = { id: string; alone?: boolean; fails?: boolean; retry?: boolean; lock?: string };

/** The end of the event loop's turn: what a request read from a socket arrives after. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A stand-in database that records what travelled: each `one` and each `many` with its calls,
 * answered when the test releases it (so calls can arrive while others are in flight).
 */
function recordingTransport(limits: BatchLimits = { inFlight: 1, size: 3 }) {
  const travelled: string[][] = [];
  const pending: (() => void)[] = [];
  const held = <T>(answer: () => T) =>
    new Promise<T>((resolve, reject) =>
      pending.push(() => {
        try {
          resolve(answer());
        } catch (error) {
          reject(error);
        }
      }),
    );
  const call = callsInBatches<Call, string>({
    limits,
    batchOf: (c) => (c.alone ? null : 'f'),
    orderOf: (c) => c.lock ?? '',
    one: (c) => {
      travelled.push([c.id]);
      return held(() => {
        if (c.fails || c.retry) throw new Error(`${c.id} failed alone`);
        return `${c.id} done`;
      });
    },
    many: (calls) => {
      travelled.push(calls.map((c) => c.id));
      return held(() => {
        if (calls.some((c) => c.id === 'breaks-batch')) throw new Error('batch lost');
        return calls.map(
          (c): BatchOutcome<string> =>
            c.retry ? 'alone' : c.fails ? { error: new Error(`${c.id} refused`) } : { rows: `${c.id} done` },
        );
      });
    },
  });
  /**
   * Answers everything in flight, until nothing is left (two turns after each answer: a batch
   * that gathers for a turn leaves one turn after its predecessor came back).
   */
  const releaseAll = async () => {
    do {
      for (const answer of pending.splice(0)) answer();
      await nextTurn();
      await nextTurn();
    } while (pending.length > 0);
  };
  return { call, travelled, releaseAll };
}

describe('hot calls in batches', () => {
  it('a call that finds no batch in flight travels at once, alone', async () => {
    const t = recordingTransport();
    const answer = t.call({ id: 'a' });
    expect(t.travelled).toEqual([['a']]);
    await t.releaseAll();
    expect(await answer).toBe('a done');
  });

  it('calls arriving meanwhile wait, then travel together in arrival order, a batch at most `size`', async () => {
    const t = recordingTransport();
    const answers = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => t.call({ id }));
    expect(t.travelled).toEqual([['a']]);
    await t.releaseAll();
    expect(t.travelled).toEqual([['a'], ['b', 'c', 'd'], ['e', 'f']]);
    expect(await Promise.all(answers)).toEqual(['a done', 'b done', 'c done', 'd done', 'e done', 'f done']);
  });

  it('the calls of a batch run in the order of the rows they lock, and each still gets its own answer', async () => {
    const t = recordingTransport();
    const first = t.call({ id: 'first' });
    const answers = Promise.all([
      t.call({ id: 'y1', lock: 'product-y' }),
      t.call({ id: 'x1', lock: 'product-x' }),
      t.call({ id: 'y2', lock: 'product-y' }),
    ]);
    await t.releaseAll();
    await first;
    expect(t.travelled[1]).toEqual(['x1', 'y1', 'y2']);
    expect(await answers).toEqual(['y1 done', 'x1 done', 'y2 done']);
  });

  it('each call gets its own outcome: a refusal rejects that call alone, its neighbours get their rows', async () => {
    const t = recordingTransport();
    const first = t.call({ id: 'first' });
    const answers = Promise.allSettled([
      t.call({ id: 'ok' }),
      t.call({ id: 'no', fails: true }),
      t.call({ id: 'ok2' }),
    ]);
    await t.releaseAll();
    await first;
    const settled = await answers;
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      'ok done',
      'no refused',
      'ok2 done',
    ]);
  });

  it('a call whose failure may come from its batch runs again alone, and answers what that run answers', async () => {
    const t = recordingTransport();
    const first = t.call({ id: 'first' });
    const answers = Promise.allSettled([t.call({ id: 'ok' }), t.call({ id: 'again', retry: true })]);
    await t.releaseAll();
    await first;
    const [ok, again] = await answers;
    expect(ok).toEqual({ status: 'fulfilled', value: 'ok done' });
    expect(again?.status === 'rejected' && (again.reason as Error).message).toBe('again failed alone');
    expect(t.travelled).toEqual([['first'], ['ok', 'again'], ['again']]);
  });

  it('a batch that fails as a whole rejects each of its calls, and the next calls still travel', async () => {
    const t = recordingTransport();
    const first = t.call({ id: 'first' });
    const lost = Promise.allSettled([t.call({ id: 'x' }), t.call({ id: 'breaks-batch' })]);
    await t.releaseAll();
    await first;
    expect((await lost).map((s) => s.status)).toEqual(['rejected', 'rejected']);
    const later = t.call({ id: 'later' });
    await t.releaseAll();
    expect(await later).toBe('later done');
  });

  it('a call that may not join a batch travels alone at once, even while a batch is in flight', async () => {
    const t = recordingTransport();
    const first = t.call({ id: 'first' });
    const alone = t.call({ id: 'own', alone: true });
    expect(t.travelled).toEqual([['first'], ['own']]);
    await t.releaseAll();
    expect([await first, await alone]).toEqual(['first done', 'own done']);
  });
});

describe('hot calls in batches on a database on this thread (gatherTurn)', () => {
  const limits: BatchLimits = { inFlight: 1, size: 3, gatherTurn: true };

  it('the calls of one turn travel together, though nothing is in flight', async () => {
    const t = recordingTransport(limits);
    const answers = [t.call({ id: 'a' })];
    // a request's handler reaches its call after awaits of its own, still in the same turn
    await Promise.resolve();
    answers.push(t.call({ id: 'b' }));
    await Promise.resolve();
    answers.push(t.call({ id: 'c' }));
    expect(t.travelled).toEqual([]);
    await nextTurn();
    expect(t.travelled).toEqual([['a', 'b', 'c']]);
    await t.releaseAll();
    expect(await Promise.all(answers)).toEqual(['a done', 'b done', 'c done']);
  });

  it('a lone call at a quiet moment travels at the end of its turn, alone', async () => {
    const t = recordingTransport(limits);
    const answer = t.call({ id: 'a' });
    await nextTurn();
    expect(t.travelled).toEqual([['a']]);
    await t.releaseAll();
    expect(await answer).toBe('a done');
  });

  it('calls of later turns wait for the batch in flight, then travel together, a batch at most `size`', async () => {
    const t = recordingTransport(limits);
    const answers = [t.call({ id: 'a' }), t.call({ id: 'b' })];
    await nextTurn();
    answers.push(t.call({ id: 'c' }));
    await nextTurn();
    answers.push(t.call({ id: 'd' }), t.call({ id: 'e' }), t.call({ id: 'f' }));
    await nextTurn();
    expect(t.travelled).toEqual([['a', 'b']]);
    await t.releaseAll();
    expect(t.travelled).toEqual([['a', 'b'], ['c', 'd', 'e'], ['f']]);
    expect(await Promise.all(answers)).toEqual(['a done', 'b done', 'c done', 'd done', 'e done', 'f done']);
  });
});
