import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawPositions, drawPositionsAsync, EntriesHasher, EntryListReader } from './draw-algorithm.ts';

const seedOf = (i: number) => createHash('sha256').update(`seed-${i}`).digest('hex');
const participantOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

const listArb = fc.array(
  fc.record({
    gap: fc.integer({ min: 1, max: 1000 }),
    participant: fc.integer({ min: 0, max: 7 }),
    weight: fc.integer({ min: 1, max: 12 }),
  }),
  { minLength: 1, maxLength: 60 },
);

describe('the streamed entry list', () => {
  it('hashes, weighs and draws exactly as the whole list in memory, however the bytes are cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        listArb,
        fc.array(fc.integer({ min: 1, max: 97 }), { minLength: 1, maxLength: 8 }),
        fc.nat(1000),
        fc.boolean(),
        fc.integer({ min: 1, max: 10 }),
        async (list, cuts, s, onePerIdentity, picks) => {
          const whole = new EntriesHasher();
          let id = 0;
          for (const e of list) {
            id += e.gap;
            whole.add(String(id), participantOf(e.participant), e.weight);
          }
          const entries = whole.entries;
          const text = Buffer.from(
            entries.ids
              .map((entryId, i) => `${entryId},${entries.participants[i]},${list[i]?.weight}\n`)
              .join(''),
          );
          const reader = new EntryListReader(picks);
          for (let at = 0, k = 0; at < text.length; k++) {
            const size = cuts[k % cuts.length] as number;
            reader.add(text.subarray(at, at + size));
            at += size;
          }
          const hash = whole.digest();
          expect(reader.digest()).toBe(hash);
          expect(reader.count).toBe(entries.ids.length);
          expect(reader.total).toBe(entries.cumulative[entries.cumulative.length - 1]);
          expect(entries.ids.map((_, i) => String(reader.idAt(i)))).toEqual(entries.ids);
          const people = new Set(entries.participants).size;
          expect(reader.participantsCount()).toBe(people <= picks ? people : null);

          const options = { seed: seedOf(s), entriesHash: hash, picks, onePerIdentity };
          const streamed = await drawPositionsAsync(
            reader,
            onePerIdentity ? (reader.participantsCount() ?? picks) : reader.count,
            options,
            async (indices) => indices.map((i) => entries.participants[i]),
          );
          expect(streamed).toEqual(drawPositions(entries, options));
        },
      ),
    );
  });
});
