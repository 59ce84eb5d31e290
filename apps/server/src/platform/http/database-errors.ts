import { AppError } from '../errors.ts';
import { CONSTRAINT_FIELDS } from './database-constraints.ts';

/** The parts of a PostgreSQL error (node-postgres and PGlite alike) that name no value. */
export type DatabaseErrorFields = {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  message?: string;
  detail?: string;
};

/** The PostgreSQL error inside `error` (drizzle wraps it as `cause`), if there is one. */
export function findDatabaseError(error: unknown): DatabaseErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as DatabaseErrorFields;
    }
    current = candidate.cause;
  }
  return undefined;
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The referencing column of a foreign-key violation (`Key (tenant_id, campaign_id)=(…)`), values
 * left out. A table under row-level security gets no detail: then the constraint's default name
 * (`campaigns_tenant_id_group_id_fkey`) names it.
 */
function foreignKeyField(e: DatabaseErrorFields): string {
  const columns = /^Key \(([^)]*)\)=/.exec(e.detail ?? '')?.[1]?.split(', ') ?? [];
  const column =
    columns.filter((c) => c !== 'tenant_id').at(-1) ??
    (e.table && e.constraint?.startsWith(`${e.table}_tenant_id_`) && e.constraint.endsWith('_fkey')
      ? e.constraint.slice(`${e.table}_tenant_id_`.length, -'_fkey'.length)
      : undefined);
  return column ? camel(column) : '';
}

const invalid = (path: string, code: 'FIELD_INVALID' | 'FIELD_CHARACTERS_INVALID' | 'FIELD_REQUIRED') =>
  new AppError('VALIDATION_FAILED', [{ path, code }]);

/**
 * The catalogue answer for a database error no service translated, or null when it is not a
 * constraint or data error (those stay unexpected: logged, and answered 500 or by another branch).
 */
export function databaseErrorAnswer(error: unknown): AppError | null {
  const e = findDatabaseError(error);
  if (!e) return null;
  const field = e.constraint ? CONSTRAINT_FIELDS[e.constraint] : undefined;
  switch (e.code) {
    case '23505':
      return field
        ? new AppError('CONFLICT', [{ path: field, code: 'DUPLICATE_VALUE' }])
        : new AppError('CONFLICT');
    case '23514':
      return field ? invalid(field, 'FIELD_INVALID') : new AppError('CONFLICT');
    case '23503':
      // a missing referenced row is the request's fault; a row still referenced is the state's
      return /^insert or update/.test(e.message ?? '')
        ? invalid(foreignKeyField(e), 'FIELD_INVALID')
        : new AppError('CONFLICT');
    case '23502':
      return invalid(e.column ? camel(e.column) : '', 'FIELD_REQUIRED');
    case '22021':
    case '22P05':
      return invalid('', 'FIELD_CHARACTERS_INVALID');
    case '40001':
    case '40P01':
      return new AppError('CONFLICT');
  }
  // data exceptions (22001 too long, 22P02 invalid text, 22003 out of range, 22007/22008 dates…)
  // and 54000 (a value too large for an index): the request carried a value the column refuses
  if (e.code.startsWith('22') || e.code === '54000') return invalid('', 'FIELD_INVALID');
  if (e.code.startsWith('23')) return new AppError('CONFLICT');
  return null;
}
