import { brotliCompressSync, constants } from 'node:zlib';

/** A compressed representation the server keeps, or the body as it is. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * The lists of codings a route offers. Answers are remembered per list, so a route passes one of
 * these (never a new array per request).
 */
export const BROTLI_OR_GZIP = ['br', 'gzip'] as const;
export const GZIP_ONLY = ['gzip'] as const;

/** Text kept compressed (a rendered page, a built script): brotli at its best quality, once. */
export function brotliText(body: string | Uint8Array): Buffer {
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: typeof body === 'string' ? Buffer.byteLength(body) : body.length,
    },
  });
}

/** Answers by Accept-Encoding value, per list of offered codings: browsers send a handful of values. */
const chosen = new WeakMap<readonly string[], Map<string, ContentCoding>>();
const REMEMBERED = 64;

/**
 * Which of the `offered` codings to answer with, from the request's Accept-Encoding: the one the
 * browser weighs highest (`q`, 1 when absent; `*` stands for any coding it does not name; `q=0`
 * refuses), the first offered on a tie; the body as it is when none is taken.
 */
export function preferredCoding(
  header: string | string[] | undefined,
  offered: readonly Exclude<ContentCoding, 'identity'>[],
): ContentCoding {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let known = chosen.get(offered);
  const hit = known?.get(value);
  if (hit) return hit;
  const coding = weighed(value, offered);
  if (!known) {
    known = new Map();
    chosen.set(offered, known);
  }
  if (known.size >= REMEMBERED) known.clear();
  known.set(value, coding);
  return coding;
}

function weighed(value: string, offered: readonly Exclude<ContentCoding, 'identity'>[]): ContentCoding {
  const weights = new Map<string, number>();
  for (const part of value.split(',')) {
    const [coding, ...params] = part.toLowerCase().split(';');
    const name = coding?.trim();
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentCoding = 'identity';
  let bestWeight = 0;
  for (const coding of offered) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
