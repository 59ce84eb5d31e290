import { describe, expect, it } from 'vitest';
import { parseMoments } from './moments-model.ts';

const prizes = [
  { id: 'p1', name: 'Televisor' },
  { id: 'p2', name: 'Bono de ₡10 000' },
];

describe('moments set by hand', () => {
  it('reads time and prize per line in the tenant zone, prize names loosely', () => {
    const parsed = parseMoments(
      '2026-06-01 10:30, televisor\n\n2026-06-02T08:00;  Bono de ₡10 000 ',
      prizes,
      'America/Costa_Rica',
    );
    expect(parsed).toEqual({
      moments: [
        { at: '2026-06-01T16:30:00.000Z', prizeId: 'p1' },
        { at: '2026-06-02T14:00:00.000Z', prizeId: 'p2' },
      ],
      badLines: [],
    });
  });

  it('names the lines it cannot read: unknown prize, bad time, no prize', () => {
    const parsed = parseMoments(
      '2026-06-01 10:30, Moto\n2026-13-01 10:30, Televisor\n2026-06-01 10:30',
      prizes,
      'UTC',
    );
    expect(parsed.moments).toEqual([]);
    expect(parsed.badLines).toEqual([1, 2, 3]);
  });
});
