import { issuesToDetails } from '@promo/contract';
import type { z } from 'zod';
import { AppError } from './errors.ts';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * How a PATCH body's nested object reaches the stored one (JSON Merge Patch, RFC 7396): merged
 * key by key at every depth; a key set to null is removed (its schema default, if any, applies
 * again); anything else, arrays included, replaces the stored value.
 */
export function mergePatch(stored: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const merged: Record<string, unknown> = isPlainObject(stored) ? { ...stored } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = mergePatch(merged[key], value);
  }
  return merged;
}

/**
 * A stored JSON value with a PATCH's change merged in, checked whole by its schema (defaults
 * applied). A merge the schema refuses (a nested object left incomplete) is VALIDATION_FAILED on
 * the fields concerned, under `path` (the body's name for the value; '' for the body itself).
 */
export function patchedJson<S extends z.ZodType>(
  schema: S,
  stored: unknown,
  patch: unknown,
  path: string,
): z.output<S> {
  const result = schema.safeParse(mergePatch(stored, patch));
  if (result.success) return result.data;
  throw new AppError(
    'VALIDATION_FAILED',
    issuesToDetails(result.error.issues).map(({ message: _, ...detail }) => ({
      ...detail,
      path: [path, detail.path].filter(Boolean).join('.'),
    })),
  );
}
