import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage, issuesToDetails } from '@promo/contract';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { appLocale } from './i18n.ts';

function valueAt(values: unknown, path: string): unknown {
  let node = values;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Left empty: no text (spaces only count as none), or a number input with nothing in it. */
const isBlank = (value: unknown) =>
  (typeof value === 'string' && value.trim() === '') || (typeof value === 'number' && Number.isNaN(value));

function errorAt(errors: FieldErrors, path: string): FieldError | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'object' && node !== null && 'message' in node ? (node as FieldError) : undefined;
}

/**
 * The zod resolver over a contract schema, with each message replaced by the catalogue text in
 * the current language (the contract's `issuesToDetails` also fills `{min}` and `{max}`); a field
 * left empty that the schema needs says "Este campo es obligatorio.", whatever its format rule.
 */
export function contractResolver<T extends z.ZodType<FieldValues, FieldValues>>(
  schema: T,
): Resolver<z.input<T>, unknown, z.output<T>> {
  const base = zodResolver(schema) as unknown as Resolver<z.input<T>, unknown, z.output<T>>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const locale = appLocale();
      for (const detail of issuesToDetails(parsed.error.issues, locale)) {
        const error = errorAt(result.errors, detail.path);
        // a field left empty is missing, not wrong: say so instead of "El valor no es válido."
        const isMissing = detail.code === 'FIELD_INVALID' && isBlank(valueAt(values, detail.path));
        if (error) error.message = isMissing ? errorMessage('FIELD_REQUIRED', locale) : detail.message;
      }
    }
    return result;
  };
}

/**
 * A resolver whose schema (and zod itself) is downloaded on first use, for screens that must stay
 * light (the login page). `preload` starts the download early, e.g. when the form gets focus.
 */
export function lazyResolver<TValues extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TValues, unknown, TOutput>>,
): { resolver: Resolver<TValues, unknown, TOutput>; preload: () => void } {
  let pending: Promise<Resolver<TValues, unknown, TOutput>> | null = null;
  const get = () => {
    pending ??= load();
    return pending;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      void get();
    },
  };
}

/**
 * The contract resolver for a form whose inputs hold text (numbers, dates, blanks): `toBody` turns
 * the inputs into the request body, which the schema checks; its errors land on the inputs of the
 * same name.
 */
export function bodyResolver<TValues extends FieldValues, S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  toBody: (values: TValues) => z.input<S>,
): Resolver<TValues, unknown, z.output<S>> {
  const base = contractResolver(schema);
  return (values, context, options) => base(toBody(values), context, options as never) as never;
}
