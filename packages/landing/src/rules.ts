/**
 * The builder's rules as the editor and the server use them: `canPlace()` before a drop,
 * `validateDocument()` on save (schema, placement, limits and the security checks of sanitize.ts).
 */
import type { ErrorCode } from '@promo/contract';
import type { z } from 'zod';
import { LandingDocument } from './document.ts';
import type { LandingElement } from './element.ts';
import { type ElementType, LANDING_LIMITS, SINGLETON_TYPES, TOP_LEVEL_PARENT } from './element-types.ts';
import { placementCode, singletonCode } from './placement.ts';

export type Placement = { ok: true } | { ok: false; code: ErrorCode };

/** One refusal of a document: a dotted path (`elements.0.childrens.2.attributes.href`) and a catalogue code. */
export type LandingIssue = { path: string; code: ErrorCode };

/** Every element of the tree, depth first, with its chain of ancestor types (nearest first). */
export function* walkElements(
  elements: readonly LandingElement[],
  ancestors: readonly ElementType[] = [],
): Generator<{ element: LandingElement; ancestors: readonly ElementType[] }> {
  for (const element of elements) {
    yield { element, ancestors };
    if (ancestors.length < LANDING_LIMITS.maxDepth) {
      yield* walkElements(element.childrens, [element.type, ...ancestors]);
    }
  }
}

export function findElement(document: LandingDocument, id: string): LandingElement | undefined {
  for (const { element } of walkElements(document.elements)) if (element.attributes.id === id) return element;
  return undefined;
}

export function countElements(document: LandingDocument): number {
  let count = 0;
  for (const _ of walkElements(document.elements)) count += 1;
  return count;
}

/** Whether an element of `type` may be dropped under `parentId` ('dropZone' for the top level). */
export function canPlace(document: LandingDocument, type: ElementType, parentId: string): Placement {
  let ancestors: readonly ElementType[] | undefined = parentId === TOP_LEVEL_PARENT ? [] : undefined;
  let count = 0;
  for (const { element, ancestors: above } of walkElements(document.elements)) {
    count += 1;
    if (SINGLETON_TYPES.has(type) && element.type === type) {
      const code = singletonCode(type);
      if (code) return { ok: false, code };
    }
    if (ancestors === undefined && element.attributes.id === parentId) ancestors = [element.type, ...above];
  }
  if (count >= LANDING_LIMITS.maxElements) return { ok: false, code: 'PAYLOAD_TOO_LARGE' };
  if (ancestors === undefined) return { ok: false, code: 'NOT_FOUND' };
  const code = placementCode(type, ancestors);
  return code ? { ok: false, code } : { ok: true };
}

/**
 * A copy of `document` with `element` inserted under `parentId` at `index` (default: last). It does
 * not check the rules: call `canPlace()` first. Unknown parents leave the document unchanged.
 */
export function insertElement(
  document: LandingDocument,
  element: LandingElement,
  parentId: string,
  index?: number,
): LandingDocument {
  const placed: LandingElement = { ...element, parentId };
  const insertInto = (list: LandingElement[]): LandingElement[] => {
    const copy = [...list];
    copy.splice(index ?? copy.length, 0, placed);
    return copy;
  };
  if (parentId === TOP_LEVEL_PARENT) return { ...document, elements: insertInto(document.elements) };
  const rebuild = (list: LandingElement[]): LandingElement[] =>
    list.map((item) =>
      item.attributes.id === parentId
        ? { ...item, childrens: insertInto(item.childrens) }
        : { ...item, childrens: rebuild(item.childrens) },
    );
  return { ...document, elements: rebuild(document.elements) };
}

/** A copy of `document` without the element `id` (and its subtree). */
export function removeElement(document: LandingDocument, id: string): LandingDocument {
  const prune = (list: LandingElement[]): LandingElement[] =>
    list
      .filter((item) => item.attributes.id !== id)
      .map((item) => ({ ...item, childrens: prune(item.childrens) }));
  return { ...document, elements: prune(document.elements) };
}

/**
 * Cheap bounds checked on the raw JSON before the schema walks it, without recursion, so a
 * hostile document (deep nesting, huge arrays) is refused before it can exhaust the stack.
 */
function checkBounds(input: unknown): LandingIssue | null {
  if (typeof input !== 'object' || input === null || !('elements' in input)) return null;
  const stack: { value: unknown; depth: number }[] = [{ value: input.elements, depth: 0 }];
  let count = 0;
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    if (!Array.isArray(value)) continue;
    count += value.length;
    if ((value.length > 0 && depth + 1 > LANDING_LIMITS.maxDepth) || count > LANDING_LIMITS.maxElements) {
      return { path: 'elements', code: 'PAYLOAD_TOO_LARGE' };
    }
    for (const item of value) {
      if (typeof item === 'object' && item !== null && 'childrens' in item) {
        stack.push({ value: item.childrens, depth: depth + 1 });
      }
    }
  }
  return null;
}

/**
 * `__proto__` keys survive JSON.parse as own keys but vanish (or rewire prototypes) when copied,
 * so the schema would never see them; they are refused on the raw input.
 */
function findPrototypeKeys(input: unknown): LandingIssue[] {
  const issues: LandingIssue[] = [];
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  let visited = 0;
  while (stack.length > 0 && visited < 100_000) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    visited += 1;
    if (typeof value !== 'object' || value === null) continue;
    for (const key of Object.keys(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key === '__proto__') issues.push({ path: childPath, code: 'UNKNOWN_FIELD' });
      else stack.push({ value: (value as Record<string, unknown>)[key], path: childPath });
    }
  }
  return issues;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function issueCode(issue: z.core.$ZodIssue, input: unknown): ErrorCode {
  switch (issue.code) {
    case 'custom': {
      const code: unknown = issue.params?.code;
      return typeof code === 'string' ? (code as ErrorCode) : 'FIELD_INVALID';
    }
    case 'unrecognized_keys':
      return 'UNKNOWN_FIELD';
    case 'too_big':
      return issue.origin === 'string' ? 'FIELD_TOO_LONG' : 'PAYLOAD_TOO_LARGE';
    case 'invalid_type':
      return valueAt(input, issue.path) === undefined ? 'FIELD_REQUIRED' : 'FIELD_INVALID';
    default:
      return 'FIELD_INVALID';
  }
}

/** Every refusal of `input` as a landing document; empty when it may be saved and published. */
export function validateDocument(input: unknown): LandingIssue[] {
  const bounds = checkBounds(input);
  if (bounds) return [bounds];
  const prototypeKeys = findPrototypeKeys(input);
  if (prototypeKeys.length > 0) return prototypeKeys;
  const result = LandingDocument.safeParse(input);
  if (result.success) return [];
  const issues: LandingIssue[] = [];
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        issues.push({ path: path ? `${path}.${key}` : key, code: 'UNKNOWN_FIELD' });
    } else {
      issues.push({ path, code: issueCode(issue, input) });
    }
  }
  return issues;
}
