import { createHash, createHmac } from 'node:crypto';

/**
 * The documented draw algorithm, version `promo-draw-v1`, re-implemented on purpose by the
 * verifier `packages/contract/src/draw-verification.ts` (the public page `/verify-draw` and
 * `npm run verify-draw`), which must stay in step with this file:
 *
 * 1. The entry list is the CSV `entry_id,participant,weight\n` + one line per entry ordered by
 *    entry id (`\n` line ends, no quoting); `entriesHash` is the SHA-256 (hex) of those bytes.
 * 2. Random stream: blocks HMAC-SHA-256(key = seed bytes, message = "promo-draw-v1:" +
 *    entriesHash + ":" + counter as 8-byte big-endian), counter 0, 1, 2…; each block gives four
 *    unsigned 64-bit big-endian integers, used in order.
 * 3. uniform(n): take u from the stream; if u ≥ 2^64 − (2^64 mod n) take another (rejection, no
 *    modulo bias); answer u mod n.
 * 4. Each position: r = uniform(total weight); the entry is the first whose cumulative weight
 *    exceeds r. An entry already chosen, or (one per identity) a participant already chosen, is
 *    drawn again. Positions 1..count are winners, the next ones ranked alternates.
 */
export const ALGORITHM = 'promo-draw-v1';
export const ENTRIES_HEADER = 'entry_id,participant,weight\n';

export type DrawEntries = {
  ids: string[];
  participants: string[];
  /** Running sum of the weights: cumulative[i] = w0 + … + wi. */
  cumulative: number[];
};

export function entriesLine(id: string, participant: string, weight: number): string {
  return `${id},${participant},${weight}\n`;
}

/** Hashes the entry list as the verification script reads it. */
export class EntriesHasher {
  private readonly hash = createHash('sha256').update(ENTRIES_HEADER);
  readonly entries: DrawEntries = { ids: [], participants: [], cumulative: [] };
  add(id: string, participant: string, weight: number) {
    this.hash.update(entriesLine(id, participant, weight));
    const { cumulative } = this.entries;
    this.entries.ids.push(id);
    this.entries.participants.push(participant);
    cumulative.push((cumulative[cumulative.length - 1] ?? 0) + weight);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

const TWO_64 = 1n << 64n;

/** The HMAC-SHA-256 counter stream of 64-bit integers. */
export function randomStream(seedHex: string, entriesHash: string): () => bigint {
  const key = Buffer.from(seedHex, 'hex');
  let counter = 0n;
  let block: Buffer = Buffer.alloc(0);
  let offset = 32;
  return () => {
    if (offset >= 32) {
      const c = Buffer.alloc(8);
      c.writeBigUInt64BE(counter++);
      block = createHmac('sha256', key).update(`${ALGORITHM}:${entriesHash}:`).update(c).digest();
      offset = 0;
    }
    const value = block.readBigUInt64BE(offset);
    offset += 8;
    return value;
  };
}

export function uniform(next: () => bigint, n: number): number {
  const size = BigInt(n);
  const limit = TWO_64 - (TWO_64 % size);
  for (;;) {
    const u = next();
    if (u < limit) return Number(u % size);
  }
}

/**
 * An entry list as the draw needs it: its size, its total weight, the entry at a weight (the
 * first whose cumulative weight exceeds it) and the entry id at a position.
 */
export interface WeightedList {
  readonly count: number;
  readonly total: number;
  indexAbove(r: number): number;
}

function firstAbove(size: number, cumulativeAt: (i: number) => number, r: number): number {
  let lo = 0;
  let hi = size - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulativeAt(mid) > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;
const COMMA = 44;
const NEWLINE = 10;

/**
 * Reads the canonical entry list (`id,participant,weight\n` lines, in any chunking) as it
 * streams: hashes the bytes, and keeps only what the draw needs, 8 bytes per entry for its id
 * and, once a weight other than 1 appears, 8 more for its cumulative weight (typed arrays in
 * chunks of 65,536), plus the distinct participants up to `participantsCap`, which tells the
 * number of people whenever it is not above the cap.
 */
export class EntryListReader implements WeightedList {
  private readonly hash = createHash('sha256').update(ENTRIES_HEADER);
  private readonly ids: Float64Array[] = [];
  private cumulative: Float64Array[] | null = null;
  private readonly people = new Set<string>();
  private field = 0;
  private id = 0;
  private weight = 0;
  private participant = '';
  private tracking = true;
  count = 0;
  total = 0;

  constructor(private readonly participantsCap = 0) {}

  add(bytes: Buffer) {
    this.hash.update(bytes);
    let { field, id, weight } = this;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i] as number;
      if (b === NEWLINE) {
        this.endLine(id, weight);
        field = 0;
        id = 0;
        weight = 0;
      } else if (b === COMMA) field++;
      else if (field === 0) id = id * 10 + (b - 48);
      else if (field === 2) weight = weight * 10 + (b - 48);
      else if (this.tracking) this.participant += String.fromCharCode(b);
    }
    this.field = field;
    this.id = id;
    this.weight = weight;
  }

  private endLine(id: number, weight: number) {
    const n = this.count;
    const at = n & (CHUNK - 1);
    if (at === 0) this.ids.push(new Float64Array(CHUNK));
    (this.ids[n >>> CHUNK_BITS] as Float64Array)[at] = id;
    this.total += weight;
    if (weight !== 1 && !this.cumulative) {
      // weights were all 1 so far: cumulative[i] = i + 1
      this.cumulative = this.ids.map(() => new Float64Array(CHUNK));
      for (let i = 0; i < n; i++) this.setCumulative(i, i + 1);
    }
    if (this.cumulative) {
      if (at === 0 && this.cumulative.length < this.ids.length) this.cumulative.push(new Float64Array(CHUNK));
      this.setCumulative(n, this.total);
    }
    if (this.tracking) {
      this.people.add(this.participant);
      this.tracking = this.people.size <= this.participantsCap;
    }
    this.count = n + 1;
    this.participant = '';
  }

  private setCumulative(i: number, value: number) {
    (this.cumulative?.[i >>> CHUNK_BITS] as Float64Array)[i & (CHUNK - 1)] = value;
  }

  private cumulativeAt(i: number): number {
    return this.cumulative
      ? ((this.cumulative[i >>> CHUNK_BITS] as Float64Array)[i & (CHUNK - 1)] as number)
      : i + 1;
  }

  /** The number of distinct participants, when it is not above the cap (null: above it). */
  participantsCount(): number | null {
    return this.people.size <= this.participantsCap ? this.people.size : null;
  }

  idAt(index: number): number {
    return (this.ids[index >>> CHUNK_BITS] as Float64Array)[index & (CHUNK - 1)] as number;
  }

  indexAbove(r: number): number {
    return firstAbove(this.count, (i) => this.cumulativeAt(i), r);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

export type DrawOptionsOfAlgorithm = {
  seed: string;
  entriesHash: string;
  picks: number;
  onePerIdentity: boolean;
};

/**
 * The draw over any list: `units` is the number of entries, or of people with one per identity;
 * `participantsOf` tells the participants of candidate positions (only asked with one per
 * identity). Candidates come from the random stream in order whatever is accepted, so asking for
 * them in blocks gives the same positions as one by one.
 */
function* drawing(
  list: WeightedList,
  units: number,
  options: DrawOptionsOfAlgorithm,
): Generator<number[], number[], Array<string | undefined>> {
  if (list.total === 0) return [];
  const picks = Math.min(options.picks, units);
  const next = randomStream(options.seed, options.entriesHash);
  const chosen: number[] = [];
  const taken = new Set<number>();
  const people = new Set<string>();
  while (chosen.length < picks) {
    const block = Array.from({ length: Math.min(64, 2 * (picks - chosen.length)) }, () =>
      list.indexAbove(uniform(next, list.total)),
    );
    const persons: Array<string | undefined> = options.onePerIdentity ? yield block : [];
    for (const [k, index] of block.entries()) {
      const person = persons[k] as string;
      if (taken.has(index) || (options.onePerIdentity && people.has(person))) continue;
      taken.add(index);
      people.add(person);
      chosen.push(index);
      if (chosen.length === picks) break;
    }
  }
  return chosen;
}

/** Picks `picks` positions (winners then alternates); fewer when the eligible units run out. */
export function drawPositions(entries: DrawEntries, options: DrawOptionsOfAlgorithm): number[] {
  const { cumulative } = entries;
  const list: WeightedList = {
    count: cumulative.length,
    total: cumulative[cumulative.length - 1] ?? 0,
    indexAbove: (r) => firstAbove(cumulative.length, (i) => cumulative[i] as number, r),
  };
  const units = options.onePerIdentity ? new Set(entries.participants).size : entries.ids.length;
  const run = drawing(list, units, options);
  let step = run.next([]);
  while (!step.done) step = run.next(step.value.map((i) => entries.participants[i]));
  return step.value;
}

/** The same draw over a streamed list, asking the participants of candidates as they come. */
export async function drawPositionsAsync(
  list: WeightedList,
  units: number,
  options: DrawOptionsOfAlgorithm,
  participantsOf: (indices: number[]) => Promise<Array<string | undefined>>,
): Promise<number[]> {
  const run = drawing(list, units, options);
  let step = run.next([]);
  while (!step.done) step = run.next(await participantsOf(step.value));
  return step.value;
}
