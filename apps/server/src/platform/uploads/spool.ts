import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_LIMITS, type UploadKind } from '@promo/contract';
import { AppError } from '../errors.ts';
import { TextCheck, type TextEncoding } from './text-check.ts';

/** An uploaded text file kept on disk for the time of one request. */
export type SpooledUpload = { path: string; size: number; encoding: TextEncoding };

export function tooLarge(kind: UploadKind): AppError {
  const params = { limit: UPLOAD_LIMITS[kind].label };
  return new AppError('UPLOAD_TOO_LARGE', [{ path: 'file', code: 'UPLOAD_TOO_LARGE', params }], params);
}

/**
 * Copies an upload to a temporary file, refusing it whole when it passes its kind's limit or is
 * not text, then hands it to `use` and removes it. Nothing is written anywhere else before the
 * whole file has arrived and passed, so a refused file leaves no trace; the database transaction
 * does not wait on a slow client.
 */
export async function withSpooledUpload<T>(
  file: Readable & { truncated?: boolean },
  kind: UploadKind,
  use: (upload: SpooledUpload) => Promise<T>,
): Promise<T> {
  const { maxBytes } = UPLOAD_LIMITS[kind];
  const dir = await mkdtemp(join(tmpdir(), 'upload-'));
  const path = join(dir, 'file');
  const check = new TextCheck();
  let size = 0;
  try {
    await pipeline(
      file,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(tooLarge(kind));
          try {
            check.push(chunk);
          } catch (error) {
            return done(error as Error);
          }
          done(null, chunk);
        },
      }),
      createWriteStream(path),
    );
    // the multipart parser stops a file at its limit and only flags it: never take a cut file
    if (file.truncated) throw tooLarge(kind);
    return await use({ path, size, encoding: check.finish() });
  } catch (error) {
    file.resume();
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
