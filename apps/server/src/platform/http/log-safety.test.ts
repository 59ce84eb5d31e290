import { describe, expect, it } from 'vitest';
import { scrubPersonalData, serializeError } from './log-safety.ts';

describe('log safety', () => {
  it('scrubs e-mail addresses and long numbers, with or without separators', () => {
    expect(
      scrubPersonalData(
        '550 <ana.perez@example.com>: rejected; call 8765-4321 or +506 8765 4321, id 1-0234-0567',
      ),
    ).toBe('550 <[email]>: rejected; call [number] or [number], id [number]');
    expect(scrubPersonalData('port 5432 at 12:30')).toBe('port 5432 at 12:30');
  });

  it('logs a database error by kind and SQLSTATE, never by its text', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "ana@example.com"'), {
      code: '22P02',
      routine: 'string_to_uuid',
      detail: 'ana@example.com',
    });
    class DrizzleQueryError extends Error {}
    const error = new DrizzleQueryError('Failed query: select $1\nparams: ana@example.com', { cause });
    const logged = serializeError(error);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      sqlState: '22P02',
      routine: 'string_to_uuid',
      causes: ['Error'],
    });
    expect(JSON.stringify(logged)).not.toContain('ana@example.com');
    expect(logged.stack).toMatch(/^\s+at /);
  });
});
