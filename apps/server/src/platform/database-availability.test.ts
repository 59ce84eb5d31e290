import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-availability.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database availability', () => {
  it('recognises a database that is down, restarting, full or cut off', () => {
    for (const code of ['57P01', '57P03', '53300', '08006', '08001', 'ECONNREFUSED', 'ECONNRESET'])
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(withCode('55000', 'database "x" is not currently accepting connections')),
    ).toBe(true);
  });

  it('looks through the ORM wrapper and a connect that tried several addresses', () => {
    const wrapped = new Error('Failed query: select 1', { cause: withCode('57P01') });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('leaves faults of the request or the code alone', () => {
    for (const error of [
      withCode('23505', 'duplicate key'),
      withCode('55000', 'currval of sequence is not yet defined'),
      withCode('40001', 'could not serialize access'),
      withCode('22P02', 'invalid input syntax'),
      new Error('something else'),
      'a string',
      null,
    ])
      expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
