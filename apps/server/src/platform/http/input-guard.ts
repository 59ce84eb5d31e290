import type { ErrorCode } from '@promo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Bounds every request's input before any schema or query sees it. Schemas set their own, tighter
 * limits; these catch what no schema bounds (free-form answers, rule parameters, landing documents,
 * unknown query parameters) and what no schema checks (characters PostgreSQL cannot store).
 */
export const INPUT_LIMITS = {
  /** Longest text anywhere; above every schema's own maximum (the largest is 5,000). */
  maxTextLength: 10_000,
  /** Deepest JSON nesting; a landing document of 30 element levels needs about 65. */
  maxDepth: 100,
  /** Values (object members and array items) in one body; the largest list a schema takes is 100,000 codes. */
  maxValues: 200_000,
  /** Details reported at most (a form marks each field; a hostile body is not echoed in full). */
  maxDetails: 20,
} as const;

/**
 * NUL (PostgreSQL text and jsonb cannot hold it), lone UTF-16 surrogates (not encodable in UTF-8:
 * silently turned into U+FFFD on the way to the database) and the other C0 controls except tab,
 * line feed and carriage return (no person types them, and XML 1.0, hence XLSX exports, refuses them).
 */
const UNSTORABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this refuses
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type InputProblem = { path: string; code: ErrorCode; params?: Record<string, string | number> };

/** Whether `text` holds a character the database cannot store faithfully. */
export function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}

const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');
const MAX_PATH_LENGTH = 300;

/** A field's path as reported: a hostile key is neither echoed whole nor with its bad characters. */
function join(base: string, key: string | number): string {
  const name = typeof key === 'number' ? String(key) : key.slice(0, 100).replace(UNSTORABLE_ALL, '\uFFFD');
  return (base ? `${base}.${name}` : name).slice(0, MAX_PATH_LENGTH);
}

/**
 * The problems of one request part (params, query or body), each with its path from `base`.
 * Iterative, so that a deeply nested body cannot exhaust the stack.
 */
export function findInputProblems(value: unknown, base = ''): InputProblem[] {
  const problems: InputProblem[] = [];
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: base, depth: 0 }];
  let values = 0;
  const text = (s: string, path: string) => {
    if (UNSTORABLE.test(s)) problems.push({ path, code: 'FIELD_CHARACTERS_INVALID' });
    else if (s.length > INPUT_LIMITS.maxTextLength)
      problems.push({ path, code: 'FIELD_TOO_LONG', params: { max: INPUT_LIMITS.maxTextLength } });
  };
  while (stack.length > 0 && problems.length < INPUT_LIMITS.maxDetails) {
    const item = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof item.value === 'string') {
      text(item.value, item.path);
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= INPUT_LIMITS.maxDepth) {
      problems.push({ path: item.path, code: 'FIELD_INVALID' });
      break;
    }
    const entries = Array.isArray(item.value)
      ? item.value.map((v, i) => [i, v] as const)
      : Object.entries(item.value as Record<string, unknown>);
    values += entries.length;
    if (values > INPUT_LIMITS.maxValues) {
      problems.push({ path: item.path, code: 'FIELD_INVALID' });
      break;
    }
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as readonly [string | number, unknown];
      const path = join(item.path, key);
      if (typeof key === 'string') text(key, path);
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return problems.slice(0, INPUT_LIMITS.maxDetails);
}

/** Request headers whose values reach the database. */
const STORED_HEADERS = ['idempotency-key'] as const;

/**
 * Whether a flat object of short, storable strings (what route parameters and most query strings
 * are): checked without building the walk's paths, the path every request takes.
 */
function plainlyStorable(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof item !== 'string' || item.length > INPUT_LIMITS.maxTextLength) return false;
    if (UNSTORABLE.test(key) || UNSTORABLE.test(item)) return false;
  }
  return true;
}

function requestProblems(request: FastifyRequest): InputProblem[] {
  const problems = [
    ...(plainlyStorable(request.params) ? [] : findInputProblems(request.params, 'params')),
    ...(plainlyStorable(request.query) ? [] : findInputProblems(request.query, 'querystring')),
  ];
  for (const name of STORED_HEADERS) {
    const value = request.headers[name];
    if (value !== undefined) problems.push(...findInputProblems(value, `headers.${name}`));
  }
  // body paths carry no prefix, as schema failures of the body do
  if (request.body !== undefined) problems.push(...findInputProblems(request.body));
  return problems;
}

/** Refuses, with every field named, input that no schema or query should ever be handed. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const problems = requestProblems(request);
    done(
      problems.length > 0
        ? new AppError('VALIDATION_FAILED', problems.slice(0, INPUT_LIMITS.maxDetails))
        : undefined,
    );
  });
}
