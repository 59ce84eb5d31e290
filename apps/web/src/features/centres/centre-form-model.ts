import { type Centre, CreateCentre, UpdateCentre } from '@promo/contract';
import type { Resolver } from 'react-hook-form';
import { bodyResolver } from '../../lib/contract-resolver.ts';

/** What the centre form's inputs hold: everything as typed. */
export type CentreFormValues = {
  code: string;
  name: string;
  address: string;
  department: string;
  latitude: string;
  longitude: string;
  phone: string;
  hours: string;
  active: boolean;
};

export const CENTRE_FIELDS = [
  'code',
  'name',
  'address',
  'department',
  'latitude',
  'longitude',
  'phone',
  'hours',
  'active',
] as const;

export function centreFormValues(centre?: Centre): CentreFormValues {
  return {
    code: centre?.code ?? '',
    name: centre?.name ?? '',
    address: centre?.address ?? '',
    department: centre?.department ?? '',
    latitude: centre ? String(centre.latitude) : '',
    longitude: centre ? String(centre.longitude) : '',
    phone: centre?.phone ?? '',
    hours: centre?.hours ?? '',
    active: centre?.active ?? true,
  };
}

/**
 * A coordinate as typed ("9.93", "9,93", " -84.08 "): a number, null when it is not one (the
 * server then answers 'Invalid coordinates' on the field), undefined when empty.
 */
export function parseCoordinate(value: string): number | null | undefined {
  const clean = value.trim().replace(',', '.');
  if (!clean) return undefined;
  const number = Number(clean);
  return Number.isFinite(number) ? number : null;
}

/**
 * The request body. Empty optional texts are left out on create and sent empty (cleared) on edit;
 * the phone, whose format refuses '', is left out when empty.
 */
export function toCentreBody(values: CentreFormValues, isEdit: boolean): Record<string, unknown> {
  const text = (value: string) => (value.trim() ? value.trim() : isEdit ? '' : undefined);
  const body: Record<string, unknown> = {
    code: values.code.trim(),
    name: values.name.trim(),
    address: text(values.address),
    department: text(values.department),
    latitude: parseCoordinate(values.latitude),
    longitude: parseCoordinate(values.longitude),
    phone: values.phone.trim() || undefined,
    hours: text(values.hours),
    active: values.active,
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

/** The contract schema checks the converted body; its errors land on the inputs of the same name. */
export function centreResolver(
  isEdit: boolean,
): Resolver<CentreFormValues, unknown, CreateCentre | UpdateCentre> {
  return isEdit
    ? bodyResolver(UpdateCentre, (values: CentreFormValues) => toCentreBody(values, true) as UpdateCentre)
    : bodyResolver(CreateCentre, (values: CentreFormValues) => toCentreBody(values, false) as CreateCentre);
}
