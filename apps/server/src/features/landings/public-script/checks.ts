/**
 * The answer checks of the public form script: a port of `answerIssue` in
 * packages/contract/src/forms.ts (the contract module pulls zod, ~50 KB gzip, into a browser
 * bundle). `checks.test.ts` runs both over the same cases so they cannot drift apart.
 * No DOM here: pure functions.
 */

export type Field = { key: string; type: string; required: boolean; options?: string[] | undefined };
export type Rules = {
  phoneDigits: number;
  /** The country's calling code ("+506"): a number pasted with it is read without it. */
  phonePrefix?: string | undefined;
  identity: { label: string; pattern: string };
  departments: string[];
  minAge: number;
};
export type Issue = { code: string; params?: Record<string, string | number> };

import { emailAsStored, identityAsStored } from '@promo/contract/person-values';

const SAFE_TEXT = /^[\p{L}\p{M}\p{N} .,'’\-()#/&°:;!?¿¡"]*$/u;
const EMAIL = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SEXES = ['female', 'male', 'other'];

export function ageOn(birthdate: string, today: string): number {
  const [by = 0, bm = 0, bd = 0] = birthdate.split('-').map(Number);
  const [ty = 0, tm = 0, td = 0] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** What the person typed, as the server stores it: identity without spaces or hyphens, phone digits only, e-mail in lowercase. */
export function normalise(
  type: string,
  raw: string,
  rules?: Pick<Rules, 'phoneDigits' | 'phonePrefix'>,
): string {
  const value = raw.trim();
  if (type === 'cedula') return identityAsStored(value);
  if (type === 'email') return emailAsStored(value);
  if (type === 'phone') return nationalDigits(value, rules);
  return value;
}

/**
 * A phone number's digits as the country dials them: "+506 8888 7777" (as printed, with the
 * country's calling code) is 88887777; a number without the code keeps every digit.
 */
export function nationalDigits(raw: string, rules?: Pick<Rules, 'phoneDigits' | 'phonePrefix'>): string {
  const digits = raw.replace(/\D/g, '');
  const prefix = rules?.phonePrefix?.replace(/\D/g, '') ?? '';
  if (!rules || !prefix || digits.length !== rules.phoneDigits + prefix.length) return digits;
  return digits.startsWith(prefix) ? digits.slice(prefix.length) : digits;
}

/** The same answer as `answerIssue` of the contract, or null. */
export function checkAnswer(field: Field, raw: unknown, rules: Rules, today: string): Issue | null {
  const empty =
    raw === undefined ||
    raw === null ||
    raw === '' ||
    (Array.isArray(raw) && raw.length === 0) ||
    raw === false;
  if (empty) {
    if (!field.required) return null;
    if (field.type === 'date' && field.key === 'birthdate') return { code: 'BIRTHDATE_REQUIRED' };
    return { code: field.type === 'cedula' || field.type === 'text' ? 'FIELD_REQUIRED' : 'REQUIRED_ANSWER' };
  }
  const invalid = { code: 'FIELD_INVALID' };
  const str = typeof raw === 'string' ? raw : null;
  switch (field.type) {
    case 'text':
      if (str === null) return invalid;
      if (str.length > 200) return { code: 'FIELD_TOO_LONG', params: { max: 200 } };
      return SAFE_TEXT.test(str) ? null : { code: 'SPECIAL_CHARACTERS' };
    case 'number':
      return typeof raw === 'number' && Number.isFinite(raw) ? null : invalid;
    case 'email': {
      const email = str === null ? null : emailAsStored(str);
      if (email === null || /\s/.test(email)) return { code: 'EMAIL_FORMAT' };
      return EMAIL.test(email) && email.length <= 254 ? null : invalid;
    }
    case 'phone':
      return str !== null && new RegExp(`^\\d{${rules.phoneDigits}}$`).test(str)
        ? null
        : { code: 'PHONE_DIGITS', params: { digits: rules.phoneDigits } };
    case 'cedula':
      if (str === null || str.length > 40) return invalid;
      if (/[\s-]/.test(str)) return { code: 'IDENTITY_FORMAT' };
      return new RegExp(rules.identity.pattern).test(str)
        ? null
        : { code: 'IDENTITY_PATTERN', params: { label: rules.identity.label } };
    case 'date':
      if (str === null || !isRealDate(str)) return invalid;
      if (field.key === 'birthdate') {
        if (str > today) return invalid;
        if (ageOn(str, today) < rules.minAge) return { code: 'UNDERAGE', params: { years: rules.minAge } };
      }
      return null;
    case 'department':
      return str !== null && rules.departments.includes(str) ? null : invalid;
    case 'sex':
      return str !== null && SEXES.includes(str) ? null : invalid;
    case 'choice':
      return str !== null && field.options?.includes(str) ? null : invalid;
    case 'multichoice':
      return Array.isArray(raw) && raw.every((v) => typeof v === 'string' && field.options?.includes(v))
        ? null
        : invalid;
    case 'checkbox':
      return typeof raw === 'boolean' ? null : invalid;
    default:
      return null;
  }
}

/** A catalogue message with its `{name}` placeholders filled. */
export function fillMessage(text: string | undefined, params?: Record<string, string | number>): string {
  const base = text ?? '';
  if (!params) return base;
  return base.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Applies a builder mask (9 digit, A letter, * either, anything else literal) to what was typed. */
export function applyMask(mask: string, raw: string): string {
  const chars = raw.replace(/[^0-9A-Za-z]/g, '');
  let out = '';
  let index = 0;
  for (const slot of mask) {
    if (index >= chars.length) break;
    if (slot === '9' || slot === 'A' || slot === '*') {
      const next = chars[index] as string;
      const ok = slot === '9' ? /\d/.test(next) : slot === 'A' ? /[A-Za-z]/.test(next) : true;
      index += 1;
      if (!ok) return out;
      out += next;
    } else {
      out += slot;
    }
  }
  return out;
}

/** Today as YYYY-MM-DD in the browser's zone. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Distance in km between two points (haversine), for ordering redemption centres. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}
