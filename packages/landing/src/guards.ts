/**
 * Defensive readers for the renderer and the CSS compiler, which must stay safe even when given a
 * document that never went through validation (a bad migration, a hand-edited row).
 */
import { ELEMENT_ID_PATTERN } from './element.ts';
import { ELEMENT_TYPES, type ElementType, LANDING_LIMITS } from './element-types.ts';

export type RawRecord = Record<string, unknown>;

export function asRecord(value: unknown): RawRecord | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as RawRecord) : null;
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asElementType(value: unknown): ElementType | undefined {
  return (ELEMENT_TYPES as readonly unknown[]).includes(value) ? (value as ElementType) : undefined;
}

/** The element id when it is safe to use as an HTML id and a CSS class suffix. */
export function safeId(attributes: RawRecord | null): string | undefined {
  const id = asString(attributes?.id);
  return id !== undefined && ELEMENT_ID_PATTERN.test(id) ? id : undefined;
}

/** Own string entries of a style map (never inherited keys such as `__proto__`). */
export function styleEntries(value: unknown): [string, string][] {
  const record = asRecord(value);
  if (!record) return [];
  const entries: [string, string][] = [];
  for (const key of Object.keys(record).slice(0, LANDING_LIMITS.maxStyleProperties)) {
    const item = record[key];
    if (typeof item === 'string') entries.push([key, item]);
  }
  return entries;
}

export type RawElement = { type: ElementType; raw: RawRecord; attributes: RawRecord; id: string | undefined };

/** The element when its type is known; anything else is skipped by the renderer. */
export function asElement(value: unknown): RawElement | null {
  const raw = asRecord(value);
  const type = asElementType(raw?.type);
  if (!raw || !type) return null;
  const attributes = asRecord(raw.attributes) ?? {};
  return { type, raw, attributes, id: safeId(attributes) };
}

export function childrenOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value.slice(0, LANDING_LIMITS.maxChildren) : [];
}
