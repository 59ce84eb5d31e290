import { type LandingDocument, TOP_LEVEL_PARENT } from '@promo/landing';
import type { RefObject } from 'react';
import { dropPlaceOnCanvas } from './canvas.tsx';
import type { DragData, DropData, Point } from './dnd.tsx';
import type { DropPlace } from './drop-place.ts';
import type { PaletteItem } from './palette.ts';
import { type EditResult, getElement, isInside, locate, moveElement } from './tree-ops.ts';

const CONTAINER_TYPES = ['div', 'a', 'ul', 'ol', 'li', 'form', 'select', 'row', 'column'];

/** A drop on a row of the layers tree: into a container, right after anything else. */
function treePlace(document: LandingDocument, targetId: string): DropPlace | null {
  const target = getElement(document, targetId);
  if (!target) return null;
  if (CONTAINER_TYPES.includes(target.type)) return { parentId: targetId, index: target.childrens.length };
  const where = locate(document, targetId);
  return where ? { parentId: where.parentId, index: where.index + 1 } : null;
}

/**
 * What a drop does. On the canvas it follows the pointer: into the container under it (a form
 * included), or before/after the element under it (see `dropPlaceAt`). On a row of the layers
 * tree: into a container, right after anything else. On the end of the tree: at the end of the page.
 */
export function useDrop({
  document,
  palette,
  frameRef,
  addItem,
  apply,
}: {
  document: LandingDocument;
  palette: readonly PaletteItem[];
  frameRef: RefObject<HTMLIFrameElement | null>;
  addItem: (item: PaletteItem, parentId: string, index?: number) => void;
  apply: (result: EditResult) => boolean;
}) {
  return (drag: DragData, drop: DropData, point: Point | null) => {
    const item = drag.kind === 'palette' ? palette.find((entry) => entry.key === drag.key) : undefined;
    const moved = drag.kind === 'element' ? getElement(document, drag.id) : undefined;
    if ((!item && !moved) || (drop.kind === 'tree' && drag.kind === 'element' && drop.id === drag.id)) return;
    const draggedType = item ? item.make().type : moved?.type;
    let place: DropPlace | null = null;
    if (drop.kind === 'tree') place = treePlace(document, drop.id);
    else if (drop.kind === 'canvas' && point)
      place = dropPlaceOnCanvas(frameRef.current, document, point, draggedType);
    place ??= { parentId: TOP_LEVEL_PARENT, index: document.elements.length };
    if (item) return addItem(item, place.parentId, place.index);
    if (drag.kind !== 'element') return;
    // onto itself or into its own content: nothing moves
    if (place.parentId !== TOP_LEVEL_PARENT && isInside(document, drag.id, place.parentId)) return;
    apply(moveElement(document, drag.id, place.parentId, place.index));
  };
}
