import type { z } from 'zod';
import { type ErrorCode, type ErrorDetail, errorMessage, isErrorCode, type Locale } from './errors.ts';

type Issue = z.core.$ZodIssue;

/**
 * Turns schema issues into catalogue details, one per field. Schemas name their refusals with
 * catalogue codes as the issue message; zod's own issues are mapped by kind.
 */
export function issuesToDetails(issues: readonly Issue[], locale: Locale = 'es'): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    const basePath = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = basePath ? `${basePath}.${key}` : key;
        details.push({ path, code: 'UNKNOWN_FIELD', message: errorMessage('UNKNOWN_FIELD', locale) });
      }
      continue;
    }
    const { code, params } = classify(issue);
    details.push({
      path: basePath,
      code,
      message: errorMessage(code, locale, params),
      ...(params ? { params } : {}),
    });
  }
  return details;
}

function classify(issue: Issue): { code: ErrorCode; params?: Record<string, string | number> } {
  const custom = issue.message;
  const params =
    'params' in issue && issue.params ? (issue.params as Record<string, string | number>) : undefined;
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return isErrorCode(custom) && custom !== 'FIELD_INVALID' ? { code: custom } : { code: 'FIELD_REQUIRED' };
  }
  if (issue.code === 'too_small') {
    const min = Number(issue.minimum);
    if (isErrorCode(custom)) return { code: custom, params: { min, ...params } };
    return issue.origin === 'string'
      ? { code: 'FIELD_TOO_SHORT', params: { min } }
      : { code: 'NUMBER_TOO_SMALL', params: { min } };
  }
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum);
    if (isErrorCode(custom)) return { code: custom, params: { max, ...params } };
    return issue.origin === 'string'
      ? { code: 'FIELD_TOO_LONG', params: { max } }
      : { code: 'NUMBER_TOO_LARGE', params: { max } };
  }
  if (isErrorCode(custom)) return params ? { code: custom, params } : { code: custom };
  return { code: 'FIELD_INVALID' };
}
