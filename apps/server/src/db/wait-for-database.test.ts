import { describe, expect, it } from 'vitest';
import { openWhenReachable } from './wait-for-database.ts';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('waiting for the database at start', () => {
  it('tries again while it is unreachable, one log line per try, then opens it', async () => {
    const lines: string[] = [];
    let tries = 0;
    const db = await openWhenReachable(
      async () => {
        tries++;
        if (tries < 3) throw refused();
        return 'open';
      },
      { waitMs: 10_000, log: (line) => lines.push(line) },
    );
    expect(db).toBe('open');
    expect(lines).toEqual([
      'The database is unreachable (ECONNREFUSED); trying again in 500 ms (attempt 1).',
      'The database is unreachable (ECONNREFUSED); trying again in 1000 ms (attempt 2).',
    ]);
  });

  it('gives up after its wait, and at once on a failure that waiting cannot mend', async () => {
    await expect(
      openWhenReachable(
        async () => {
          throw refused();
        },
        { waitMs: 600, log: () => {} },
      ),
    ).rejects.toThrow(/still unreachable after 1 s \(ECONNREFUSED\)/);
    const wrongPassword = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    let tries = 0;
    await expect(
      openWhenReachable(
        async () => {
          tries++;
          throw wrongPassword;
        },
        { waitMs: 10_000, log: () => {} },
      ),
    ).rejects.toBe(wrongPassword);
    expect(tries).toBe(1);
  });
});
