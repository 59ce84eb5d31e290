import { errorMessage, issuesToDetails } from '@promo/contract';
import type { z } from 'zod';
import { ApiError } from './api.ts';
import { appLocale } from './i18n.ts';

/**
 * Checks a request body against its contract schema before it is sent: a refusal is thrown as the
 * server would answer it (VALIDATION_FAILED with each field's catalogue message), so that
 * `showApiError` puts the spec's messages on their fields either way. Answers the parsed body.
 */
export function checkedBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const locale = appLocale();
  throw new ApiError(
    400,
    'VALIDATION_FAILED',
    errorMessage('VALIDATION_FAILED', locale),
    issuesToDetails(parsed.error.issues, locale),
  );
}
