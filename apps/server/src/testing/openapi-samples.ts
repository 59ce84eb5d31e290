/**
 * Valid-looking values from the OpenAPI document's JSON schemas, so that a hostile value placed in
 * one field reaches as far into the server as the schema lets it; and the places to put it.
 */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Values to use for fields of these names (a real tenant, campaign, identity number…). */
export type KnownValues = Record<string, unknown>;

const PATTERN_CANDIDATES = [
  'CR',
  'CRC',
  '+506',
  '2026-06-01',
  '12:00',
  '123456',
  '88887777',
  'ABCD1234',
  'abcd',
  'a-b',
  '#ffffff',
  'grid',
];

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'date-time') return '2026-06-01T12:00:00Z';
  if (schema.format === 'date') return '2026-06-01';
  if (schema.format === 'email') return 'ana@example.com';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/a';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  const fits = (s: string) =>
    s.length >= (schema.minLength ?? 0) &&
    s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
    (!schema.pattern || new RegExp(schema.pattern).test(s));
  return (
    PATTERN_CANDIDATES.find(fits) ??
    'x'.repeat(Math.min(Math.max(schema.minLength ?? 4, 4), schema.maxLength ?? 4))
  );
}

const typeOf = (schema: JsonSchema) =>
  (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type) ??
  (schema.properties || schema.additionalProperties ? 'object' : schema.items ? 'array' : undefined);

/** A value the schema would most likely accept; `key` is the field's name, for known values. */
export function sampleValue(schema: JsonSchema, known: KnownValues, key?: string): unknown {
  if (key !== undefined && key in known) return known[key];
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (choice) return sampleValue(choice, known, key);
  if (schema.allOf?.[0]) return sampleValue(Object.assign({}, ...schema.allOf), known, key);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () =>
        sampleValue(schema.items ?? { type: 'string' }, known),
      );
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        out[name] = sampleValue(property, known, name);
      }
      // a free-form object (answers, rule parameters, documents) gets a text member to aim at
      if (!schema.properties || typeof schema.additionalProperties === 'object') out.name = 'María Pérez';
      return out;
    }
    default:
      return 'x';
  }
}

export type Path = Array<string | number>;

/** Where the strings of `value` are, depth first. */
export function stringLeaves(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  return [];
}

/** Every leaf (string, number, boolean, null) of `value`, depth first. */
export function allLeaves(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => allLeaves(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => allLeaves(v, [...path, k]));
  return [path];
}

/** A copy of `value` with `replacement` at `path`. */
export function withValueAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = replacement;
  return copy;
}

/** A value of another JSON type than `value`'s. */
export function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'not a number';
  if (typeof value === 'boolean') return 'true';
  if (Array.isArray(value)) return { 0: 'x' };
  if (value && typeof value === 'object') return ['x'];
  return { x: 1 };
}
