import type { DrawCertificate } from '@promo/contract';
import { fromZonedInput } from '../../lib/zoned-time.ts';

/** The draw form as typed (text inputs and switches). */
export type DrawFormValues = {
  count: string;
  alternates: string;
  onePerIdentity: boolean;
  excludePreviousWinners: boolean;
  weighting: 'entries' | 'points' | 'people';
  department: string;
  from: string;
  to: string;
};

export const EMPTY_DRAW_FORM: DrawFormValues = {
  count: '1',
  alternates: '0',
  // one prize per person unless the admin allows more (promotions' terms almost always say so)
  onePerIdentity: true,
  excludePreviousWinners: false,
  weighting: 'entries',
  department: '',
  from: '',
  to: '',
};

/** The query of `GET raffle/select-winners/{id}` (API.md names). */
export type DrawQueryParams = {
  count: number;
  alternates: number;
  onePerIdentity: boolean;
  excludePreviousWinners: boolean;
  weighting: DrawFormValues['weighting'];
  department?: string;
  from?: string;
  to?: string;
};

const whole = (value: string) => {
  const text = value.trim();
  // not a whole number: sent as NaN-free text the server refuses on its field
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
};

/**
 * Form values → draw options: counts as numbers, empty filters left out, local date-times of the
 * tenant's zone as UTC instants. Invalid numbers stay NaN so the server names the field.
 */
export function drawParams(values: DrawFormValues, timeZone: string | undefined): DrawQueryParams {
  const params: DrawQueryParams = {
    count: whole(values.count),
    alternates: whole(values.alternates || '0'),
    onePerIdentity: values.onePerIdentity,
    excludePreviousWinners: values.excludePreviousWinners,
    weighting: values.weighting,
  };
  const department = values.department.trim();
  if (department) params.department = department;
  const from = values.from ? fromZonedInput(values.from, timeZone) : undefined;
  const to = values.to ? fromZonedInput(values.to, timeZone) : undefined;
  if (from) params.from = from;
  if (to) params.to = to;
  return params;
}

/** Local checks before a call: a count of at least one, a range that ends after it starts. */
export function drawFormErrors(params: DrawQueryParams): Partial<Record<keyof DrawFormValues, string>> {
  const errors: Partial<Record<keyof DrawFormValues, string>> = {};
  if (!Number.isInteger(params.count) || params.count < 1 || params.count > 1000)
    errors.count = 'FIELD_INVALID';
  if (!Number.isInteger(params.alternates) || params.alternates < 0 || params.alternates > 1000)
    errors.alternates = 'FIELD_INVALID';
  if (params.from && params.to && params.from >= params.to) errors.to = 'DATE_RANGE_INVALID';
  return errors;
}

/**
 * The certificate as the JSON file the verification reads (stable key order, 2-space indent), with
 * the tenant's time zone its dates are shown in.
 */
export function certificateJson(certificate: DrawCertificate, timeZone: string): string {
  return `${JSON.stringify({ ...certificate, timeZone }, null, 2)}\n`;
}

export function certificateFileName(certificate: Pick<DrawCertificate, 'drawId'>): string {
  return `certificate-${certificate.drawId}.json`;
}

/** An identity number on a printed page: all but the last three digits hidden. */
export function maskCedula(cedula: string): string {
  return cedula.length <= 3
    ? '•'.repeat(cedula.length)
    : `${'•'.repeat(cedula.length - 3)}${cedula.slice(-3)}`;
}

/** A long hash broken in groups of 8 so that it wraps and can be read aloud. */
export function groupHash(hash: string): string {
  return hash.match(/.{1,8}/g)?.join(' ') ?? '';
}
