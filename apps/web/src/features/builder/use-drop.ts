import { type LandingDocument, TOP_LEVEL_PARENT } from '@promo/landing';
import type { RefObject } from 'react';
import { elementIdAt } from './canvas.tsx';
import type { DragData, DropData, Point } from './dnd.tsx';
import type { PaletteItem } from './palette.ts';
import { type EditResult, getElement, locate, moveElement, moveNextTo } from './tree-ops.ts';

const CONTAINER_TYPES = ['div', 'a', 'ul', 'ol', 'li', 'form', 'select', 'row', 'column'];

/**
 * What a drop does: onto a container, the palette item or the dragged element goes inside it;
 * onto any other element, right after it; onto nothing, at the end of the page.
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
    let targetId: string | null = null;
    if (drop.kind === 'tree') targetId = drop.id;
    else if (drop.kind === 'canvas' && point) targetId = elementIdAt(frameRef.current, point.x, point.y);
    const target = targetId ? getElement(document, targetId) : undefined;
    const isContainer = target && CONTAINER_TYPES.includes(target.type);
    if (drag.kind === 'palette') {
      const item = palette.find((entry) => entry.key === drag.key);
      if (!item) return;
      if (!target || !targetId) return addItem(item, TOP_LEVEL_PARENT);
      if (isContainer) return addItem(item, targetId);
      const where = locate(document, targetId);
      if (where) addItem(item, where.parentId, where.index + 1);
      return;
    }
    if (!target || !targetId) return void apply(moveElement(document, drag.id, TOP_LEVEL_PARENT));
    if (targetId === drag.id) return;
    if (isContainer) apply(moveElement(document, drag.id, targetId));
    else apply(moveNextTo(document, drag.id, targetId, 'after'));
  };
}
