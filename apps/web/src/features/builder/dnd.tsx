/**
 * The only module that imports dnd-kit (`@dnd-kit/core`, pinned at 6.3.1 in package.json): the
 * rest of the builder sees drag sources, drop targets and one `onDrop(drag, drop, point)`.
 * Replacing dnd-kit (e.g. by `@dnd-kit/react` once it is 1.0) means rewriting this file only.
 */
import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { type ReactNode, useEffect, useRef } from 'react';

export type DragData = { kind: 'palette'; key: string } | { kind: 'element'; id: string };
export type DropData = { kind: 'tree'; id: string } | { kind: 'canvas' } | { kind: 'page-end' };
export type Point = { x: number; y: number };

/**
 * Where the pointer was at the drop (viewport coordinates): the last pointer move the window saw
 * (the start point plus dnd-kit's delta missed the element under the pointer); null for a keyboard drag.
 */
function usePointer() {
  const last = useRef<Point | null>(null);
  useEffect(() => {
    const follow = (event: PointerEvent) => {
      last.current = { x: event.clientX, y: event.clientY };
    };
    window.addEventListener('pointermove', follow, { capture: true, passive: true });
    return () => window.removeEventListener('pointermove', follow, { capture: true });
  }, []);
  return (event: DragEndEvent): Point | null => {
    const start = event.activatorEvent;
    return start instanceof PointerEvent || start instanceof MouseEvent ? last.current : null;
  };
}

export function BuilderDnd({
  children,
  onDrop,
  onDragging,
}: {
  children: ReactNode;
  onDrop: (drag: DragData, drop: DropData, point: Point | null) => void;
  onDragging?: (isDragging: boolean) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );
  const pointOf = usePointer();
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={() => onDragging?.(true)}
      onDragCancel={() => onDragging?.(false)}
      onDragEnd={(event) => {
        onDragging?.(false);
        const drag = event.active.data.current as DragData | undefined;
        const drop = event.over?.data.current as DropData | undefined;
        if (drag && drop) onDrop(drag, drop, pointOf(event));
      }}
    >
      {children}
    </DndContext>
  );
}

/** Props to spread on the element that starts a drag (its handle). */
export function useDragSource(id: string, data: DragData) {
  const { setNodeRef, listeners, attributes, isDragging, transform } = useDraggable({ id, data });
  const style = transform
    ? {
        transform: `translate3d(${transform.x}px, ${transform.y}px, 0)`,
        zIndex: 1000,
        position: 'relative' as const,
      }
    : undefined;
  return { ref: setNodeRef, handleProps: { ...listeners, ...attributes }, isDragging, style };
}

export function useDropTarget(id: string, data: DropData) {
  const { setNodeRef, isOver } = useDroppable({ id, data });
  return { ref: setNodeRef, isOver };
}
