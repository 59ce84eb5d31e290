import { type ErrorBody, type ErrorCode, errorMessage, errorStatus, issuesToDetails } from '@promo/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { localeOf } from '../context.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../database-availability.ts';
import { AppError } from '../errors.ts';
import { databaseErrorAnswer } from './database-errors.ts';
import { parsingRefusal } from './framework-refusals.ts';

/** A schema failure as our validator compiler reports it: the zod issues, untouched. */
export class SchemaValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super('schema validation failed');
  }
}

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  details: ErrorBody['error']['details'],
  params?: Record<string, string | number>,
) {
  const body: ErrorBody = {
    error: { code, message: errorMessage(code, localeOf(request), params), details },
  };
  return reply.status(errorStatus(code)).send(body);
}

/** One error body for every failure; internals of unexpected errors are logged, never sent. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | SchemaValidationError, request, reply) => {
    const locale = localeOf(request);
    const database = error instanceof AppError ? null : databaseErrorAnswer(error);
    // a constraint no service translated: answered from the catalogue, logged without values
    if (database) request.log.warn({ err: error }, 'database refusal');
    const known =
      error instanceof AppError ? error : (database ?? parsingRefusal(error as FastifyError, request));
    if (known) {
      const details = known.details.map((d) => ({ ...d, message: errorMessage(d.code, locale, d.params) }));
      return send(reply, request, known.code, details, known.params);
    }
    if (error instanceof SchemaValidationError) {
      const where = (error as { validationContext?: string }).validationContext;
      const details = issuesToDetails(error.issues, locale).map((d) =>
        where && where !== 'body' ? { ...d, path: d.path ? `${where}.${d.path}` : where } : d,
      );
      return send(reply, request, 'VALIDATION_FAILED', details);
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413) return send(reply, request, 'PAYLOAD_TOO_LARGE', []);
    if (status === 429) return send(reply, request, 'RATE_LIMITED', []);
    if (status >= 400 && status < 500) {
      // malformed JSON, wrong content type and the like: the request as a whole is invalid
      return send(reply, request, 'VALIDATION_FAILED', [
        { path: '', code: 'FIELD_INVALID', message: errorMessage('FIELD_INVALID', locale) },
      ]);
    }
    if (isDatabaseUnavailable(error)) {
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(reply, request, 'SERVICE_UNAVAILABLE', []);
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, request, 'INTERNAL_ERROR', []);
  });

  app.setNotFoundHandler((request, reply) => send(reply, request, 'NOT_FOUND', []));
}

/** Zod validation that keeps every issue, so the error handler can name each field. */
export function validatorCompiler({ schema }: { schema: z.ZodType }) {
  return (data: unknown) => {
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new SchemaValidationError(result.error.issues) };
  };
}
