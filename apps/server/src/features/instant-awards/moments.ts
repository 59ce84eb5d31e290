import { createHash, randomInt } from 'node:crypto';

export type PlannedMoment = { at: Date; prizeId: string };

/**
 * One moment per unit of each prize's stock, each drawn uniformly (crypto source, millisecond
 * resolution) over [startsAt, endsAt). `pick(n)` answers an integer in [0, n): injected so that
 * tests can seed it.
 */
export function generateMoments(
  prizes: ReadonlyArray<{ id: string; stock: number }>,
  window: { startsAt: Date; endsAt: Date },
  pick: (n: number) => number = (n) => randomInt(n),
): PlannedMoment[] {
  const start = window.startsAt.getTime();
  const span = window.endsAt.getTime() - start;
  const moments: PlannedMoment[] = [];
  for (const prize of prizes)
    for (let i = 0; i < prize.stock; i++)
      moments.push({ at: new Date(start + pick(span)), prizeId: prize.id });
  return sortMoments(moments);
}

export function sortMoments(moments: PlannedMoment[]): PlannedMoment[] {
  return [...moments].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || (a.prizeId < b.prizeId ? -1 : a.prizeId > b.prizeId ? 1 : 0),
  );
}

/**
 * The seal of a moment list: SHA-256 (hex) of the salt, a newline, then one line
 * `ISO-time,prizeId\n` per moment ordered by time then prize. Published before the campaign
 * starts; with the salt and the list revealed after it ends, anyone can recompute it.
 */
export function sealOf(salt: string, moments: PlannedMoment[]): string {
  const hash = createHash('sha256').update(`${salt}\n`);
  for (const m of sortMoments(moments)) hash.update(`${m.at.toISOString()},${m.prizeId}\n`);
  return hash.digest('hex');
}
