import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawPositions, EntriesHasher, randomStream, uniform } from './draw-algorithm.ts';

const seedOf = (i: number) => createHash('sha256').update(`seed-${i}`).digest('hex');

function listOf(entries: Array<{ participant: string; weight: number }>) {
  const hasher = new EntriesHasher();
  entries.forEach((e, i) => {
    hasher.add(String(i + 1), e.participant, e.weight);
  });
  return { entries: hasher.entries, hash: hasher.digest() };
}

const entryArb = fc.record({
  participant: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
  weight: fc.integer({ min: 1, max: 5 }),
});

describe('promo-draw-v1', () => {
  it('is deterministic for a seed and an entry list', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb, { minLength: 1, maxLength: 40 }),
        fc.nat(1000),
        fc.boolean(),
        (list, s, one) => {
          const { entries, hash } = listOf(list);
          const options = { seed: seedOf(s), entriesHash: hash, picks: 5, onePerIdentity: one };
          expect(drawPositions(entries, options)).toEqual(drawPositions(entries, options));
        },
      ),
    );
  });

  it('changes its hash and its random stream when any entry changes', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb, { minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.nat(1000),
        (list, at, s) => {
          const i = at % list.length;
          const before = listOf(list);
          const changed = [...list];
          const entry = changed[i] as (typeof list)[number];
          changed[i] = { ...entry, weight: entry.weight + 1 };
          const after = listOf(changed);
          expect(after.hash).not.toBe(before.hash);
          const a = randomStream(seedOf(s), before.hash);
          const b = randomStream(seedOf(s), after.hash);
          expect([a(), a(), a()]).not.toEqual([b(), b(), b()]);
        },
      ),
    );
  });

  it('never picks an entry twice, nor a person twice with one per identity', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { minLength: 1, maxLength: 40 }), fc.nat(1000), (list, s) => {
        const { entries, hash } = listOf(list);
        const all = drawPositions(entries, {
          seed: seedOf(s),
          entriesHash: hash,
          picks: 100,
          onePerIdentity: false,
        });
        expect(new Set(all).size).toBe(Math.min(100, list.length));
        const people = drawPositions(entries, {
          seed: seedOf(s),
          entriesHash: hash,
          picks: 100,
          onePerIdentity: true,
        });
        const names = people.map((p) => entries.participants[p]);
        expect(new Set(names).size).toBe(names.length);
        expect(names.length).toBe(new Set(list.map((e) => e.participant)).size);
      }),
    );
  });

  it('uniform(n) has no modulo bias (chi-square over 10 buckets)', () => {
    const next = randomStream(seedOf(1), 'x'.repeat(64));
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 50_000; i++) {
      const k = uniform(next, 10);
      counts[k] = (counts[k] ?? 0) + 1;
    }
    expect(
      chiSquare(
        counts,
        counts.map(() => 5_000),
      ),
    ).toBeLessThan(27.88); // 9 df, p = 0.001
  });

  it('gives every entry the same chance over many seeded draws (chi-square, 20 entries)', () => {
    const { entries, hash } = listOf(
      Array.from({ length: 20 }, (_, i) => ({ participant: `p${i}`, weight: 1 })),
    );
    const counts = new Array(20).fill(0);
    const draws = 20_000;
    for (let s = 0; s < draws; s++) {
      const [first] = drawPositions(entries, {
        seed: seedOf(s),
        entriesHash: hash,
        picks: 1,
        onePerIdentity: false,
      });
      counts[first as number] = (counts[first as number] ?? 0) + 1;
    }
    expect(
      chiSquare(
        counts,
        counts.map(() => draws / 20),
      ),
    ).toBeLessThan(43.82); // 19 df, p = 0.001
  });

  it('weights entries by their points (chi-square, weights 1..4)', () => {
    const weights = [1, 2, 3, 4];
    const { entries, hash } = listOf(weights.map((weight, i) => ({ participant: `p${i}`, weight })));
    const counts = [0, 0, 0, 0];
    const draws = 20_000;
    for (let s = 0; s < draws; s++) {
      const [first] = drawPositions(entries, {
        seed: seedOf(s),
        entriesHash: hash,
        picks: 1,
        onePerIdentity: false,
      });
      counts[first as number] = (counts[first as number] ?? 0) + 1;
    }
    expect(
      chiSquare(
        counts,
        weights.map((w) => (draws * w) / 10),
      ),
    ).toBeLessThan(16.27); // 3 df, p = 0.001
  });
});

function chiSquare(observed: number[], expected: number[]): number {
  return observed.reduce(
    (sum, o, i) => sum + (o - (expected[i] as number)) ** 2 / (expected[i] as number),
    0,
  );
}
