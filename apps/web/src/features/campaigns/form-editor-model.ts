import { type FieldType, type FormField, STANDARD_FIELDS, type StandardKey } from '@promo/contract';

/** A field being edited; `uid` keeps React rows stable while keys and order change. */
export type EditorField = {
  uid: string;
  key: string;
  type: FieldType;
  label: string;
  required: boolean;
  /** Choice options, one per line as typed. */
  optionsText: string;
};

export const STANDARD_KEYS = Object.keys(STANDARD_FIELDS) as StandardKey[];
export const CUSTOM_TYPES: FieldType[] = [
  'text',
  'number',
  'email',
  'phone',
  'date',
  'choice',
  'multichoice',
  'checkbox',
];

/** Keys the server insists on: a required identity number and a department. */
export const REQUIRED_STANDARD: Partial<Record<StandardKey, boolean>> = { cedula: true, department: false };

let counter = 0;
const nextUid = () => {
  counter += 1;
  return `f${counter}`;
};

export const isStandardKey = (key: string): key is StandardKey => key in STANDARD_FIELDS;
export const hasOptions = (type: FieldType) => type === 'choice' || type === 'multichoice';

export function toEditorFields(fields: readonly FormField[]): EditorField[] {
  return fields.map((field) => ({
    uid: nextUid(),
    key: field.key,
    type: field.type,
    label: field.label,
    required: field.required ?? false,
    optionsText: (field.options ?? []).join('\n'),
  }));
}

/** The PUT body: options only for choice fields, trimmed and without blank lines. */
export function toFormPayload(fields: readonly EditorField[]): { fields: FormField[] } {
  return {
    fields: fields.map((field) => {
      const result: FormField = {
        key: field.key.trim(),
        type: field.type,
        label: field.label.trim(),
        required: field.required,
      };
      if (hasOptions(field.type)) {
        result.options = field.optionsText
          .split('\n')
          .map((option) => option.trim())
          .filter(Boolean);
      }
      return result;
    }),
  };
}

/** Moves the field at `index` by `delta` places; out-of-range moves change nothing. */
export function moveField<T>(fields: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= fields.length || target < 0 || target >= fields.length) return [...fields];
  const next = [...fields];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved as T);
  return next;
}

export function removeField<T>(fields: readonly T[], index: number): T[] {
  return fields.filter((_, position) => position !== index);
}

export function missingStandardKeys(fields: readonly EditorField[]): StandardKey[] {
  const present = new Set(fields.map((field) => field.key));
  return STANDARD_KEYS.filter((key) => !present.has(key));
}

export function standardField(key: StandardKey, label: string): EditorField {
  return {
    uid: nextUid(),
    key,
    type: STANDARD_FIELDS[key],
    label,
    required: key === 'cedula' || key === 'department',
    optionsText: '',
  };
}

/** A form key from a question's text: ascii letters, digits and `_`, starting with a letter, unique. */
export function keyFromLabel(label: string, taken: Iterable<string>): string {
  const base =
    label
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+/, '')
      .replace(/_+$/, '')
      .slice(0, 34) || 'pregunta';
  const used = new Set(taken);
  if (!used.has(base) && !isStandardKey(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const key = `${base}_${suffix}`;
    if (!used.has(key)) return key;
  }
}

export function customField(label: string, type: FieldType, taken: Iterable<string>): EditorField {
  return { uid: nextUid(), key: keyFromLabel(label, taken), type, label, required: false, optionsText: '' };
}

/** The server's own checks run early so the person sees them before saving. */
export function editorIssues(
  fields: readonly EditorField[],
): ('IDENTITY_FIELD_REQUIRED' | 'DEPARTMENT_FIELD_REQUIRED')[] {
  const issues: ('IDENTITY_FIELD_REQUIRED' | 'DEPARTMENT_FIELD_REQUIRED')[] = [];
  if (!fields.some((field) => field.type === 'cedula' && field.required))
    issues.push('IDENTITY_FIELD_REQUIRED');
  if (!fields.some((field) => field.type === 'department')) issues.push('DEPARTMENT_FIELD_REQUIRED');
  return issues;
}

/**
 * Server error details on a form (`fields`, `fields.3.key`…): the whole-form messages and the
 * messages of each field row by its position.
 */
export function splitFormErrors(details: readonly { path: string; message: string }[]) {
  const general: string[] = [];
  const byRow = new Map<number, string[]>();
  for (const detail of details) {
    const match = /^fields\.(\d+)(?:\.|$)/.exec(detail.path);
    if (match) {
      const row = Number(match[1]);
      byRow.set(row, [...(byRow.get(row) ?? []), detail.message]);
    } else general.push(detail.message);
  }
  return { general, byRow };
}
