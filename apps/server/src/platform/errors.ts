import { type ErrorCode, type ErrorDetail, errorStatus } from '@promo/contract';

/** A refusal from the catalogue. Thrown by services; the error handler writes the answer. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Omit<ErrorDetail, 'message'>[];
  readonly params: Record<string, string | number> | undefined;

  constructor(
    code: ErrorCode,
    details: Omit<ErrorDetail, 'message'>[] = [],
    params?: Record<string, string | number>,
  ) {
    super(code);
    this.code = code;
    this.details = details;
    this.params = params;
  }

  get statusCode(): number {
    return errorStatus(this.code);
  }
}

/** A VALIDATION_FAILED refusal about one field. */
export function fieldError(
  path: string,
  code: ErrorCode,
  params?: Record<string, string | number>,
): AppError {
  return new AppError('VALIDATION_FAILED', [{ path, code, ...(params ? { params } : {}) }]);
}

/** Whether a database error is a unique-constraint violation (optionally of `constraint`). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}

export function isForeignKeyViolation(error: unknown): boolean {
  return findPgError(error)?.code === '23503';
}

function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as { code: string; constraint?: string };
    }
    current = candidate.cause;
  }
  return undefined;
}
