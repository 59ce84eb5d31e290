import { errorMessage, isErrorCode } from '@promo/contract';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';
import { appLocale } from './i18n.ts';
import { showToast } from './toasts.ts';

/** The text for a field error: contract schemas name their refusals with catalogue codes. */
export function fieldMessage(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  const message = error.message ?? '';
  if (isErrorCode(message)) return errorMessage(message, appLocale());
  if (message) return message;
  return errorMessage('FIELD_INVALID', appLocale());
}

/**
 * A field's own error or, when the form's check put it on a part of the field's value (an item of
 * a list, a key of an object), the first part's: the server's refusal lands on the whole field.
 */
export function wholeFieldError(error: unknown): FieldError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('message' in error) return error as FieldError;
  for (const [key, part] of Object.entries(error)) {
    const found = key === 'ref' ? undefined : wholeFieldError(part);
    if (found) return found;
  }
  return undefined;
}

/**
 * Shows a failed call: each `details` entry on its form field when the form has it, and the
 * server's message as a danger toast when no field took it. A refused session (401) shows nothing
 * here: the forced logout tells the person once.
 */
export function showApiError<T extends FieldValues>(
  error: unknown,
  setError?: UseFormSetError<T>,
  fields: readonly string[] = [],
  pathPrefix = '',
): void {
  if (!(error instanceof ApiError)) {
    showToast('danger', errorMessage('INTERNAL_ERROR', appLocale()));
    return;
  }
  // a refused session is told by the forced logout's own toast
  if (error.code === 'UNAUTHENTICATED') return;
  let isShownOnField = false;
  if (setError) {
    for (const detail of error.details) {
      const path =
        pathPrefix && detail.path.startsWith(pathPrefix) ? detail.path.slice(pathPrefix.length) : detail.path;
      const field = fields.find((name) => path === name || path.startsWith(`${name}.`));
      if (field) {
        setError(field as Path<T>, { type: 'server', message: detail.message });
        isShownOnField = true;
      }
    }
  }
  if (!isShownOnField) showToast('danger', error.message);
}
