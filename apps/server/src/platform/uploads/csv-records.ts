import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import { AppError } from '../errors.ts';
import type { SpooledUpload } from './spool.ts';

/** A record longer than this is a quote left open swallowing the rest of the file. */
const MAX_RECORD_CHARS = 1024 * 1024;

function uploadInvalid(): AppError {
  return new AppError('UPLOAD_INVALID', [{ path: 'file', code: 'UPLOAD_INVALID' }]);
}

function quoteInvalid(line: number): AppError {
  const params = { line };
  return new AppError(
    'UPLOAD_QUOTE_INVALID',
    [{ path: `file.line.${line}`, code: 'UPLOAD_QUOTE_INVALID', params }],
    params,
  );
}

/** `;` when the header line has more semicolons than commas (Spanish Excel), else `,`. */
export function delimiterOf(headerLine: string): ',' | ';' {
  const count = (char: string) => headerLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

async function headerLine(upload: SpooledUpload): Promise<string> {
  const handle = await open(upload.path);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const text = new TextDecoder(upload.encoding).decode(buffer.subarray(0, bytesRead));
    return text.split(/\r?\n/, 1)[0] ?? '';
  } finally {
    await handle.close();
  }
}

function decoder(encoding: SpooledUpload['encoding']): Transform {
  const text = new TextDecoder(encoding);
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done) {
      done(null, text.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, text.decode());
    },
  });
}

function newlines(values: string[]): number {
  let count = 0;
  for (const value of values) for (const char of value) if (char === '\n') count++;
  return count;
}

/**
 * The data rows of a spooled CSV, one at a time, with the line each starts on (the header is
 * line 1): header names case-insensitive and trimmed, `,` or `;` as the header line shows, values
 * trimmed, empty lines skipped. A file without the `required` columns is UPLOAD_INVALID; broken
 * quoting is UPLOAD_QUOTE_INVALID with its line.
 */
export async function* csvRecords<C extends string>(
  upload: SpooledUpload,
  options: { columns: readonly C[]; required: readonly C[] },
): AsyncGenerator<{ line: number; row: Record<C, string> }> {
  const delimiter = delimiterOf(await headerLine(upload));
  let header: string[] | null = null;
  let lastLine = 1;
  const parser = createReadStream(upload.path)
    .pipe(decoder(upload.encoding))
    .pipe(
      parse({
        bom: true,
        delimiter,
        skip_empty_lines: true,
        trim: true,
        relax_column_count: true,
        info: true,
        max_record_size: MAX_RECORD_CHARS,
      }),
    );
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const line = info.lines - newlines(record);
      lastLine = info.lines;
      if (!header) {
        header = record.map((h) => h.trim().toLowerCase());
        if (options.required.some((c) => !header?.includes(c))) throw uploadInvalid();
        continue;
      }
      const row = {} as Record<C, string>;
      for (const column of options.columns) {
        const index = header.indexOf(column);
        row[column] = index < 0 ? '' : (record[index] ?? '');
      }
      yield { line, row };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    const lines = (error as { lines?: number }).lines;
    if (code === 'CSV_QUOTE_NOT_CLOSED' || code === 'CSV_MAX_RECORD_SIZE') throw quoteInvalid(lastLine + 1);
    if (/QUOTE/.test(code)) throw quoteInvalid(typeof lines === 'number' ? lines : lastLine + 1);
    throw uploadInvalid();
  } finally {
    parser.destroy();
  }
  if (!header && options.required.length > 0) throw uploadInvalid();
}
