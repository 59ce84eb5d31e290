import type { Writable } from 'node:stream';

/**
 * Resolves when `out` takes more writes again (its buffer drained), or when it is closed (the
 * reader went away): a producer that awaits it writes no faster than the reader reads.
 */
export function drained(out: Writable): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.once('drain', done);
    out.once('close', done);
  });
}
