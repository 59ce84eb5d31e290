import { Box, Group, Paper } from '@mantine/core';
import {
  brandHeader,
  DEFAULT_PUBLIC_THEME,
  type LandingDocument,
  type PageBrand,
  publicPageCss,
  renderDocument,
} from '@promo/landing';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Point, useDragSource, useDropTarget } from './dnd.tsx';
import { type DropPlace, dropPlaceAt } from './drop-place.ts';

export const PREVIEW_WIDTHS = { desktop: 1200, tablet: 820, mobile: 375 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

/**
 * Editor-only cues inside the preview: outlines, room to drop into empty containers, a label on
 * the map and reward-code widgets (which are empty boxes until the public script fills them).
 */
function editorCss(selectedId: string | null, labels: { map: string; reward: string }): string {
  const selected = selectedId
    ? `#${selectedId}{outline:2px solid #1c7ed6 !important;outline-offset:1px}`
    : '';
  return `
.lp-page [id]{cursor:default}
.lp-page [id]:hover{outline:1px dashed #74c0fc;outline-offset:1px}
.lp-page div:empty,.lp-page form:empty{min-height:32px;outline:1px dashed #ced4da}
.lp-page [data-map]:empty::before{content:${JSON.stringify(labels.map)};display:block;padding:16px;background:#e7f5ff;color:#1864ab}
.lp-page [data-reward-code]:empty::before{content:${JSON.stringify(labels.reward)};display:block;padding:16px;background:#fff9db;color:#e67700}
img:not([src]){min-width:80px;min-height:40px;background:#f1f3f5}
${selected}`;
}

const CANVAS_PADDING = 16;

/** The width inside the canvas's padding, followed as the window or the side panels change. */
function useRoom(ref: React.RefObject<HTMLDivElement | null>): number {
  const [room, setRoom] = useState(0);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => setRoom(node.clientWidth - 2 * CANVAS_PADDING);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref]);
  return room;
}

/** The scale the canvas shows the page at (1 unless the page is wider than the room). */
const frameScales = new WeakMap<HTMLIFrameElement, number>();

/**
 * Where a drop at a point of the window (viewport coordinates) goes on the page rendered in
 * `frame`: the element under the pointer and the rectangles of the elements, in the page's own
 * (unscaled) coordinates, decide it (see `dropPlaceAt`).
 */
export function dropPlaceOnCanvas(
  frame: HTMLIFrameElement | null,
  document: LandingDocument,
  point: Point,
  draggedType?: string,
): DropPlace | null {
  const doc = frame?.contentDocument;
  if (!frame || !doc) return null;
  const rect = frame.getBoundingClientRect();
  const scale = frameScales.get(frame) ?? 1;
  const inner = { x: (point.x - rect.left) / scale, y: (point.y - rect.top) / scale };
  const hit = doc.elementFromPoint(inner.x, inner.y);
  const hitId = hit?.closest('.lp-page [id]')?.id ?? null;
  const rectOf = (id: string) => doc.getElementById(id)?.getBoundingClientRect() ?? null;
  return dropPlaceAt(document, hitId, inner, rectOf, draggedType);
}

/**
 * The centre canvas: the document rendered by `renderDocument` of `@promo/landing` (the same
 * renderer as the public page) with the tenant's look (`brand`: theme colours, font, logo) as the
 * published page has it, inside a sandboxed iframe without scripts, at the preview width.
 * Clicking selects; a handle over the selected element drags it; the whole canvas is a drop target.
 */
export function Canvas({
  document,
  width,
  selectedId,
  isDragging,
  onSelect,
  onKeyDown,
  frameRef,
  brand = DEFAULT_PUBLIC_THEME,
}: {
  brand?: PageBrand | undefined;
  document: LandingDocument;
  width: PreviewWidth;
  selectedId: string | null;
  isDragging: boolean;
  onSelect: (id: string | null) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  frameRef: React.RefObject<HTMLIFrameElement | null>;
}) {
  const { t } = useTranslation();
  const [isReady, setReady] = useState(false);
  const [height, setHeight] = useState(600);
  const [box, setBox] = useState<{ top: number; left: number } | null>(null);
  const drop = useDropTarget('canvas', { kind: 'canvas' });
  const outer = useRef<HTMLDivElement | null>(null);
  const room = useRoom(outer);
  const handlers = useRef({ onSelect, onKeyDown });
  handlers.current = { onSelect, onKeyDown };
  const rendered = renderDocument(document, { header: brandHeader(brand) });
  const pageCss = publicPageCss(brand);

  // The iframe's document is written once; each change replaces its body and styles.
  useEffect(() => {
    const frame = frameRef.current;
    const doc = frame?.contentDocument;
    if (!frame || !doc || !isReady) return;
    const click = (event: MouseEvent) => {
      event.preventDefault();
      const target = event.target instanceof Element ? event.target.closest('.lp-page [id]') : null;
      handlers.current.onSelect(target?.id ?? null);
    };
    const key = (event: KeyboardEvent) => handlers.current.onKeyDown(event);
    doc.addEventListener('click', click);
    doc.addEventListener('submit', (event) => event.preventDefault());
    doc.addEventListener('keydown', key);
    return () => {
      doc.removeEventListener('click', click);
      doc.removeEventListener('keydown', key);
    };
  }, [isReady, frameRef]);

  useLayoutEffect(() => {
    const doc = frameRef.current?.contentDocument;
    if (!doc || !isReady) return;
    const page = doc.getElementById('page-css');
    const editor = doc.getElementById('editor-css');
    if (page) page.textContent = pageCss + rendered.css;
    if (editor)
      editor.textContent = editorCss(selectedId, {
        map: t('builder.types.map'),
        reward: t('builder.types.reward-code'),
      });
    doc.body.innerHTML = rendered.html;
    setHeight(Math.max(600, doc.documentElement.scrollHeight));
    const selected = selectedId ? doc.getElementById(selectedId) : null;
    if (selected) {
      const rect = selected.getBoundingClientRect();
      setBox({ top: rect.top, left: rect.left + rect.width });
    } else setBox(null);
  }, [rendered.html, rendered.css, pageCss, selectedId, isReady, frameRef, t]);

  const pixels = PREVIEW_WIDTHS[width];
  const scale = room > 0 ? Math.min(1, room / pixels) : 1;
  useLayoutEffect(() => {
    if (frameRef.current) frameScales.set(frameRef.current, scale);
  }, [scale, frameRef]);
  return (
    <Box
      ref={(node: HTMLDivElement | null) => {
        drop.ref(node);
        outer.current = node;
      }}
      data-testid="builder-canvas"
      style={{
        flex: 1,
        minWidth: 0,
        overflow: 'auto',
        background: drop.isOver ? '#e7f5ff' : '#f1f3f5',
        padding: CANVAS_PADDING,
      }}
    >
      {/* the page is laid out at the preview width and shrunk to the room there is (no cut edge) */}
      <Box
        data-testid="builder-page"
        data-scale={scale.toFixed(3)}
        style={{ position: 'relative', width: pixels * scale, height: height * scale, margin: '0 auto' }}
      >
        <Paper
          shadow="sm"
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: pixels,
            transform: scale === 1 ? undefined : `scale(${scale})`,
            transformOrigin: 'top left',
          }}
        >
          <iframe
            ref={frameRef}
            title={t('builder.canvas')}
            data-testid="builder-frame"
            sandbox="allow-same-origin"
            srcDoc={
              '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
              '<style id="page-css"></style><style id="editor-css"></style></head><body style="margin:0"></body></html>'
            }
            onLoad={() => setReady(true)}
            style={{
              border: 0,
              width: '100%',
              height,
              display: 'block',
              pointerEvents: isDragging ? 'none' : 'auto',
            }}
          />
        </Paper>
        {box && selectedId ? (
          <SelectionHandle id={selectedId} top={box.top * scale} left={box.left * scale} />
        ) : null}
      </Box>
    </Box>
  );
}

function SelectionHandle({ id, top, left }: { id: string; top: number; left: number }) {
  const { t } = useTranslation();
  const drag = useDragSource(`canvas-handle:${id}`, { kind: 'element', id });
  return (
    <Group
      ref={drag.ref}
      {...drag.handleProps}
      aria-label={t('builder.dragHandle')}
      data-testid="canvas-drag-handle"
      style={{
        position: 'absolute',
        top: Math.max(0, top - 22),
        left: Math.max(0, left - 22),
        width: 22,
        height: 22,
        background: '#1c7ed6',
        color: 'white',
        borderRadius: 4,
        cursor: 'grab',
        justifyContent: 'center',
        fontSize: 14,
        ...drag.style,
      }}
    >
      ⠿
    </Group>
  );
}
