import { createHash, createHmac } from 'node:crypto';

/**
 * The documented draw algorithm, version `promo-draw-v1` (re-implemented without dependencies in
 * `scripts/verify-draw.mjs`, which must stay in step with this file):
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

function firstAbove(cumulative: number[], r: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((cumulative[mid] as number) > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Picks `picks` positions (winners then alternates); fewer when the eligible units run out. */
export function drawPositions(
  entries: DrawEntries,
  options: { seed: string; entriesHash: string; picks: number; onePerIdentity: boolean },
): number[] {
  const total = entries.cumulative[entries.cumulative.length - 1] ?? 0;
  if (total === 0) return [];
  const units = options.onePerIdentity ? new Set(entries.participants).size : entries.ids.length;
  const picks = Math.min(options.picks, units);
  const next = randomStream(options.seed, options.entriesHash);
  const chosen: number[] = [];
  const taken = new Set<number>();
  const people = new Set<string>();
  while (chosen.length < picks) {
    const index = firstAbove(entries.cumulative, uniform(next, total));
    const person = entries.participants[index] as string;
    if (taken.has(index) || (options.onePerIdentity && people.has(person))) continue;
    taken.add(index);
    people.add(person);
    chosen.push(index);
  }
  return chosen;
}
