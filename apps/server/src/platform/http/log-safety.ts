import type { FastifyRequest } from 'fastify';
import { findDatabaseError } from './database-errors.ts';

/**
 * What the logger writes about requests and errors: never a value a person sent. Request bodies
 * and queries are not logged at all; addresses are logged as route patterns; errors are logged
 * by kind, never by the text of a database error (drizzle's carries the SQL parameters).
 */

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;
// identity numbers, phones, card-like numbers: seven digits or more, separators allowed
const LONG_NUMBER = /\+?\d(?:[\s.-]?\d){6,}/g;

/** `text` with anything that looks like an e-mail address or a long number replaced. */
export function scrubPersonalData(text: string): string {
  return text.replace(EMAIL, '[email]').replace(LONG_NUMBER, '[number]');
}

/** Paths whose segments may carry personal data (identity numbers, codes, e-mails) are logged as patterns. */
export function logSafeUrl(request: FastifyRequest): string {
  return (
    request.routeOptions?.url ??
    request.url
      .split('?')[0]
      ?.replace(/\/[^/]*[\d@%][^/]*/g, '/:masked')
      .slice(0, 200) ??
    ''
  );
}

/** The request as logged: method, route pattern, client address. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: logSafeUrl(request), remoteAddress: request.ip };
}

type ErrorLike = { name?: unknown; message?: unknown; stack?: unknown; code?: unknown; cause?: unknown };

const MAX_STACK_FRAMES = 12;

/** The stack's frames only: its first lines repeat the message. */
function framesOf(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.slice(0, MAX_STACK_FRAMES).join('\n');
}

function typeOf(error: object): string {
  const ctor = (error as { constructor?: { name?: string } }).constructor?.name;
  return ctor && ctor !== 'Object' ? ctor : String((error as ErrorLike).name ?? 'Error');
}

/**
 * An error as logged. A database error (or one wrapping it) keeps its kind, SQLSTATE, constraint,
 * table, column and routine, and loses its message and detail, which quote the SQL's values. Any
 * other error keeps a message scrubbed of e-mail addresses and long numbers.
 */
export function serializeError(error: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!error || typeof error !== 'object') return { type: typeof error, message: '', stack: '' };
  const e = error as ErrorLike;
  const database = findDatabaseError(error);
  const causes: string[] = [];
  for (let c = e.cause, i = 0; c && typeof c === 'object' && i < 5; c = (c as ErrorLike).cause, i++)
    causes.push(typeOf(c));
  const isDatabase = database !== undefined || /Drizzle|Query/i.test(typeOf(error));
  return {
    type: typeOf(error),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(database
      ? {
          sqlState: database.code,
          constraint: database.constraint,
          table: database.table,
          column: database.column,
          routine: database.routine,
        }
      : {}),
    message: isDatabase
      ? '[database error: text withheld, it quotes values]'
      : typeof e.message === 'string'
        ? scrubPersonalData(e.message).slice(0, 300)
        : '',
    ...(causes.length > 0 ? { causes } : {}),
    stack: framesOf(e.stack),
  };
}

/** Pino's hook on every call: message strings are scrubbed as error messages are. */
export function scrubLogMessages(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
  method.apply(
    this,
    args.map((arg) => (typeof arg === 'string' ? scrubPersonalData(arg) : arg)),
  );
}
