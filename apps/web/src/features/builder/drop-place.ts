import { CONTAINER_TYPES, type LandingDocument, type LandingElement, TOP_LEVEL_PARENT } from '@promo/landing';
import { locate } from './tree-ops.ts';

/** Where a drop puts the element: under `parentId` at `index` (counted before the move). */
export type DropPlace = { parentId: string; index: number };

export type Rect = { top: number; bottom: number; left: number; right: number };

/** Containers keep a thin band on their top and bottom edges for dropping next to them. */
const EDGE_PX = 12;

/** Children of a row sit side by side: their order follows the pointer's x, not its y. */
function isSideBySide(parentType: string | undefined): boolean {
  return parentType === 'row';
}

/** Where among `children` the pointer falls: before the first whose middle is past it. */
function indexAmong(
  children: readonly LandingElement[],
  horizontal: boolean,
  point: { x: number; y: number },
  rectOf: (id: string) => Rect | null,
): number {
  for (let index = 0; index < children.length; index += 1) {
    const rect = rectOf((children[index] as LandingElement).attributes.id);
    if (!rect) continue;
    const middle = horizontal ? (rect.left + rect.right) / 2 : (rect.top + rect.bottom) / 2;
    if ((horizontal ? point.x : point.y) < middle) return index;
  }
  return children.length;
}

/**
 * The place of a drop at `point` on the canvas, given the element under the pointer (`hitId`,
 * null over the page's empty space) and the rectangles of the rendered elements (same coordinates
 * as `point`). Over the inside of a container: into it, between the children nearest the pointer.
 * Over any other element, or the edge of a container: before it (upper/left half) or after it.
 * A select takes only options (`draggedType`).
 */
export function dropPlaceAt(
  document: LandingDocument,
  hitId: string | null,
  point: { x: number; y: number },
  rectOf: (id: string) => Rect | null,
  draggedType?: string,
): DropPlace {
  const where = hitId ? locate(document, hitId) : undefined;
  const element = where?.siblings[where.index];
  const rect = hitId ? rectOf(hitId) : null;
  if (!hitId || !where || !element || !rect)
    return { parentId: TOP_LEVEL_PARENT, index: indexAmong(document.elements, false, point, rectOf) };
  const parent = where.parentId === TOP_LEVEL_PARENT ? undefined : locate(document, where.parentId);
  const inRow = isSideBySide(parent?.siblings[parent.index]?.type);
  // a column takes every drop over it (its edges would put a paragraph into the row)
  const edge = inRow ? 0 : Math.min(EDGE_PX, (rect.bottom - rect.top) / 4);
  const isInner = point.y >= rect.top + edge && point.y <= rect.bottom - edge;
  // a list takes only its options: anything else dropped on it goes next to it
  const takesIt =
    CONTAINER_TYPES.has(element.type) && (element.type !== 'select' || draggedType === 'option');
  if (takesIt && isInner)
    return {
      parentId: hitId,
      index: indexAmong(element.childrens, isSideBySide(element.type), point, rectOf),
    };
  const isAfter = inRow ? point.x > (rect.left + rect.right) / 2 : point.y > (rect.top + rect.bottom) / 2;
  return { parentId: where.parentId, index: where.index + (isAfter ? 1 : 0) };
}
