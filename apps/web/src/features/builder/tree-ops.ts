/**
 * Tree edits of the builder on top of `@promo/landing`: locate, move (with `canPlace`), keyboard
 * moves (up, down, indent, outdent), duplicate with fresh ids, update one element. Every function
 * returns a new document or a refusal code; none mutates its input.
 */
import type { ErrorCode } from '@promo/contract';
import {
  CONTAINER_TYPES,
  canPlace,
  type ElementType,
  insertElement,
  type LandingDocument,
  type LandingElement,
  newElementId,
  placementCode,
  removeElement,
  SINGLETON_TYPES,
  TOP_LEVEL_PARENT,
  walkElements,
} from '@promo/landing';

export type EditResult =
  | { ok: true; document: LandingDocument; selectedId?: string }
  | { ok: false; code: ErrorCode };

export type Location = { parentId: string; index: number; siblings: LandingElement[] };

/** Where `id` sits: its parent id, index and the sibling list; undefined when absent. */
export function locate(document: LandingDocument, id: string): Location | undefined {
  const search = (list: LandingElement[], parentId: string): Location | undefined => {
    for (let index = 0; index < list.length; index += 1) {
      const item = list[index] as LandingElement;
      if (item.attributes.id === id) return { parentId, index, siblings: list };
      const inner = search(item.childrens, item.attributes.id);
      if (inner) return inner;
    }
    return undefined;
  };
  return search(document.elements, TOP_LEVEL_PARENT);
}

export function getElement(document: LandingDocument, id: string): LandingElement | undefined {
  const where = locate(document, id);
  return where?.siblings[where.index];
}

/** True when `candidate` is `id` or lies inside it. */
export function isInside(document: LandingDocument, id: string, candidate: string): boolean {
  const element = getElement(document, id);
  if (!element) return false;
  const visit = (item: LandingElement): boolean =>
    item.attributes.id === candidate || item.childrens.some(visit);
  return visit(element);
}

/** Re-parents a subtree: each child's parentId follows its parent's id. */
function withParent(element: LandingElement, parentId: string): LandingElement {
  return {
    ...element,
    parentId,
    childrens: element.childrens.map((child) => withParent(child, element.attributes.id)),
  };
}

/** Types of the ancestors of `parentId` and itself, nearest first ([] at the top level). */
function chainOf(document: LandingDocument, parentId: string): ElementType[] | undefined {
  if (parentId === TOP_LEVEL_PARENT) return [];
  for (const { element, ancestors } of walkElements(document.elements)) {
    if (element.attributes.id === parentId) return [element.type, ...ancestors];
  }
  return undefined;
}

/**
 * `canPlace` for the root of a subtree, then the placement rules for everything under it (a field
 * wrapper holding an input is refused outside a form) and the one-per-page widgets.
 */
export function checkSubtree(
  document: LandingDocument,
  element: LandingElement,
  parentId: string,
): ErrorCode | null {
  const placement = canPlace(document, element.type, parentId);
  if (!placement.ok) return placement.code;
  const chain = chainOf(document, parentId) ?? [];
  const visit = (item: LandingElement, above: ElementType[]): ErrorCode | null => {
    for (const child of item.childrens) {
      const code = placementCode(child.type, above);
      if (code) return code;
      if (SINGLETON_TYPES.has(child.type)) {
        const single = canPlace(document, child.type, TOP_LEVEL_PARENT);
        if (!single.ok) return single.code;
      }
      const inner = visit(child, [child.type, ...above]);
      if (inner) return inner;
    }
    return null;
  };
  return visit(element, [element.type, ...chain]);
}

/** Inserts a new element (or pasted subtree) under `parentId` at `index`, after `canPlace`. */
export function insertChecked(
  document: LandingDocument,
  element: LandingElement,
  parentId: string,
  index?: number,
): EditResult {
  const code = checkSubtree(document, element, parentId);
  if (code) return { ok: false, code };
  return {
    ok: true,
    document: insertElement(document, withParent(element, parentId), parentId, index),
    selectedId: element.attributes.id,
  };
}

/** Moves `id` under `parentId` at `index` (index counted in the target list before the move). */
export function moveElement(
  document: LandingDocument,
  id: string,
  parentId: string,
  index?: number,
): EditResult {
  const where = locate(document, id);
  const element = where?.siblings[where.index];
  if (!where || !element) return { ok: false, code: 'NOT_FOUND' };
  if (parentId !== TOP_LEVEL_PARENT && isInside(document, id, parentId))
    return { ok: false, code: 'FIELD_INVALID' };
  const without = removeElement(document, id);
  let target = index;
  if (target !== undefined && where.parentId === parentId && where.index < target) target -= 1;
  const code = checkSubtree(without, element, parentId);
  if (code) return { ok: false, code };
  return {
    ok: true,
    document: insertElement(without, withParent(element, parentId), parentId, target),
    selectedId: id,
  };
}

/** Places `id` right before or after `targetId` (same parent as the target). */
export function moveNextTo(
  document: LandingDocument,
  id: string,
  targetId: string,
  side: 'before' | 'after',
): EditResult {
  if (id === targetId) return { ok: true, document, selectedId: id };
  const target = locate(document, targetId);
  if (!target) return { ok: false, code: 'NOT_FOUND' };
  return moveElement(document, id, target.parentId, target.index + (side === 'after' ? 1 : 0));
}

export function moveUp(document: LandingDocument, id: string): EditResult {
  const where = locate(document, id);
  if (!where) return { ok: false, code: 'NOT_FOUND' };
  if (where.index === 0) return { ok: true, document, selectedId: id };
  return moveElement(document, id, where.parentId, where.index - 1);
}

export function moveDown(document: LandingDocument, id: string): EditResult {
  const where = locate(document, id);
  if (!where) return { ok: false, code: 'NOT_FOUND' };
  if (where.index >= where.siblings.length - 1) return { ok: true, document, selectedId: id };
  return moveElement(document, id, where.parentId, where.index + 2);
}

/** Into the previous sibling (as its last child), when that sibling is a container. */
export function indent(document: LandingDocument, id: string): EditResult {
  const where = locate(document, id);
  if (!where) return { ok: false, code: 'NOT_FOUND' };
  const previous = where.siblings[where.index - 1];
  if (!previous || !CONTAINER_TYPES.has(previous.type)) return { ok: false, code: 'FIELD_INVALID' };
  return moveElement(document, id, previous.attributes.id);
}

/** Out of its parent, right after it. */
export function outdent(document: LandingDocument, id: string): EditResult {
  const where = locate(document, id);
  if (!where) return { ok: false, code: 'NOT_FOUND' };
  if (where.parentId === TOP_LEVEL_PARENT) return { ok: true, document, selectedId: id };
  return moveNextTo(document, id, where.parentId, 'after');
}

/** A deep copy with fresh ids; labels pointing at a copied control follow the new id. */
export function cloneWithNewIds(
  element: LandingElement,
  parentId: string = element.parentId,
): LandingElement {
  const ids = new Map<string, string>();
  const collect = (item: LandingElement) => {
    ids.set(item.attributes.id, newElementId(item.type));
    item.childrens.forEach(collect);
  };
  collect(element);
  const copy = (item: LandingElement, parent: string): LandingElement => {
    const id = ids.get(item.attributes.id) as string;
    const attributes = { ...item.attributes, id };
    if (attributes.htmlFor && ids.has(attributes.htmlFor)) attributes.htmlFor = ids.get(attributes.htmlFor);
    return {
      ...item,
      attributes,
      styles: { ...item.styles },
      stylesMobile: { ...item.stylesMobile },
      parentId: parent,
      childrens: item.childrens.map((child) => copy(child, id)),
    };
  };
  return copy(element, parentId);
}

/** A copy of `id` right after it (refused for the map and the reward code: one per page). */
export function duplicateElement(document: LandingDocument, id: string): EditResult {
  const where = locate(document, id);
  const element = where?.siblings[where.index];
  if (!where || !element) return { ok: false, code: 'NOT_FOUND' };
  return insertChecked(document, cloneWithNewIds(element, where.parentId), where.parentId, where.index + 1);
}

export function deleteElement(document: LandingDocument, id: string): EditResult {
  if (!locate(document, id)) return { ok: false, code: 'NOT_FOUND' };
  return { ok: true, document: removeElement(document, id) };
}

/** Replaces one element's own fields (not its children or id). */
export function updateElement(
  document: LandingDocument,
  id: string,
  change: (element: LandingElement) => LandingElement,
): LandingDocument {
  const rebuild = (list: LandingElement[]): LandingElement[] =>
    list.map((item) => {
      if (item.attributes.id !== id)
        return item.childrens.length ? { ...item, childrens: rebuild(item.childrens) } : item;
      const next = change(item);
      return {
        ...next,
        attributes: { ...next.attributes, id },
        childrens: item.childrens,
        parentId: item.parentId,
      };
    });
  return { ...document, elements: rebuild(document.elements) };
}

/** Containers that are built by adding into them (a filled block or list item gets a sibling instead). */
const FILLED_CONTAINERS: ReadonlySet<string> = new Set(['row', 'column', 'form', 'ul', 'ol', 'select']);

/**
 * Where a new element goes when added from the palette with `selectedId` selected: inside a
 * selected row, column, form, list or select, or an empty block (last); right after anything else
 * (a leaf, a field block); at the end of the page when nothing is selected.
 */
export function insertionPoint(
  document: LandingDocument,
  selectedId: string | null,
): { parentId: string; index?: number } {
  if (!selectedId) return { parentId: TOP_LEVEL_PARENT };
  const where = locate(document, selectedId);
  const element = where?.siblings[where.index];
  if (!where || !element) return { parentId: TOP_LEVEL_PARENT };
  if (FILLED_CONTAINERS.has(element.type) || (element.type === 'div' && element.childrens.length === 0))
    return { parentId: selectedId };
  return { parentId: where.parentId, index: where.index + 1 };
}

/** The nearest ancestor-or-self of `id` whose type is `type`. */
export function closestOfType(
  document: LandingDocument,
  id: string,
  type: LandingElement['type'],
): string | null {
  let current: string | undefined = id;
  while (current && current !== TOP_LEVEL_PARENT) {
    const where = locate(document, current);
    const element = where?.siblings[where.index];
    if (!where || !element) return null;
    if (element.type === type) return current;
    current = where.parentId;
  }
  return null;
}
