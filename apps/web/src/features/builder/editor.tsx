import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { type Country, type ErrorCode, errorMessage, type FormField } from '@promo/contract';
import {
  type LandingDocument,
  type LandingElement,
  type PageSettings,
  TOP_LEVEL_PARENT,
  validateDocument,
} from '@promo/landing';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appLocale } from '../../lib/i18n.ts';
import { STORAGE_KEYS } from '../../lib/session-storage.ts';
import { showToast } from '../../lib/toasts.ts';
import { publishLanding } from '../landings/index.ts';
import { Canvas, elementIdAt, type PreviewWidth } from './canvas.tsx';
import { copyToClipboard, readClipboard } from './clipboard.ts';
import { BuilderDnd, type DragData, type DropData, type Point, useDragSource } from './dnd.tsx';
import { canRedo, canUndo, createHistory, pushHistory, redo, replacePresent, undo } from './history.ts';
import { INSPECTOR_WIDTH, Inspector } from './inspector.tsx';
import { LayersTree } from './layers.tsx';
import { BASE_PALETTE, fieldPalette, type PaletteItem } from './palette.ts';
import {
  closestOfType,
  deleteElement,
  duplicateElement,
  type EditResult,
  getElement,
  indent,
  insertChecked,
  insertionPoint,
  locate,
  moveDown,
  moveElement,
  moveNextTo,
  moveUp,
  outdent,
  updateElement,
} from './tree-ops.ts';
import { useAutosave } from './use-autosave.ts';
import { useBuilderBackup } from './use-builder-backup.ts';
import { useTimedFlag } from './use-timed-flag.ts';

export type EditorLanding = { id: string; name: string; version: number; document: LandingDocument };

const say = (code: ErrorCode) => showToast('danger', errorMessage(code, appLocale()));

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The backup a forced logout left (`builder-backup`) for this landing, when it holds a valid
 * element list; another landing's backup stays stored until that landing is opened.
 */
function readBackup(landingId: string): { savedAt: string; elements: LandingElement[] } | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.builderBackup);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { savedAt?: string; landingId?: string; elements?: unknown };
    if (parsed.landingId !== undefined && parsed.landingId !== landingId) return null;
    if (!Array.isArray(parsed.elements) || parsed.elements.length === 0) return null;
    const issues = validateDocument({ schemaVersion: 1, page: { title: '' }, elements: parsed.elements });
    return issues.length === 0
      ? { savedAt: parsed.savedAt ?? '', elements: parsed.elements as LandingElement[] }
      : null;
  } catch {
    return null;
  }
}

/**
 * The landing editor: palette and layers on the left, the canvas (shared renderer) in the centre,
 * the 350px inspector on the right; toolbar with undo/redo, preview widths, save state, publish.
 */
export function Editor({
  landing,
  fields,
  country,
  backTo,
}: {
  landing: EditorLanding;
  fields: readonly FormField[];
  country: Country | null;
  backTo: string;
}) {
  const { t } = useTranslation();
  const [history, setHistory] = useState(() => createHistory(landing.document));
  const document = history.present;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const [isDragging, setDragging] = useState(false);
  const [backup, setBackup] = useState(() => readBackup(landing.id));
  const [isPublishing, setPublishing] = useState(false);
  // "Select a form" / "select a select": a field waiting for its container; resets after 3 s.
  const pending = useTimedFlag<{ item: PaletteItem; needs: 'form' | 'select' }>(3000);
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const coalesce = useRef<{ key: string; at: number } | null>(null);
  const autosave = useAutosave(landing.id, document, landing.version);
  useBuilderBackup(landing.id, document.elements);

  const palette = useMemo(() => [...BASE_PALETTE, ...fieldPalette({ fields, country })], [fields, country]);
  const selected = selectedId ? (getElement(document, selectedId) ?? null) : null;

  const commit = useCallback((next: LandingDocument, coalesceKey?: string) => {
    const now = Date.now();
    const last = coalesce.current;
    const isSameEdit = coalesceKey !== undefined && last?.key === coalesceKey && now - last.at < 1000;
    coalesce.current = coalesceKey ? { key: coalesceKey, at: now } : null;
    setHistory((current) => (isSameEdit ? replacePresent(current, next) : pushHistory(current, next)));
  }, []);

  const apply = useCallback(
    (result: EditResult) => {
      if (!result.ok) {
        say(result.code);
        return false;
      }
      commit(result.document);
      if (result.selectedId !== undefined) setSelectedId(result.selectedId);
      return true;
    },
    [commit],
  );

  const addItem = (item: PaletteItem, parentId: string, index?: number) => {
    const result = insertChecked(document, item.make(), parentId, index);
    if (
      !result.ok &&
      item.needs &&
      (result.code === 'ELEMENT_ONLY_IN_FORM' || result.code === 'FIELD_INVALID')
    ) {
      pending.set({ item, needs: item.needs });
    }
    apply(result);
  };

  const addFromPalette = (item: PaletteItem) => {
    const point = insertionPoint(document, selectedId);
    addItem(item, point.parentId, point.index);
  };

  const select = (id: string | null) => {
    const waiting = pending.value;
    if (waiting && id) {
      const target = closestOfType(document, id, waiting.needs);
      if (target) {
        pending.clear();
        addItem(waiting.item, target);
        return;
      }
    }
    setSelectedId(id);
  };

  const dropAt = (drag: DragData, drop: DropData, point: Point | null) => {
    let targetId: string | null = null;
    if (drop.kind === 'tree') targetId = drop.id;
    else if (drop.kind === 'canvas' && point) targetId = elementIdAt(frameRef.current, point.x, point.y);
    const target = targetId ? getElement(document, targetId) : undefined;
    const isContainer =
      target && ['div', 'a', 'ul', 'ol', 'li', 'form', 'select', 'row', 'column'].includes(target.type);
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

  const run = (action: string) => {
    if (action === 'undo') return setHistory(undo);
    if (action === 'redo') return setHistory(redo);
    if (action === 'paste') {
      const element = readClipboard();
      if (!element) return showToast('info', t('builder.clipboardEmpty'));
      const point = insertionPoint(document, selectedId);
      return void apply(insertChecked(document, element, point.parentId, point.index));
    }
    if (!selectedId || !selected) return;
    switch (action) {
      case 'copy':
        copyToClipboard(selected);
        return showToast('success', t('builder.copied'));
      case 'duplicate':
        return void apply(duplicateElement(document, selectedId));
      case 'delete':
        if (apply(deleteElement(document, selectedId))) setSelectedId(null);
        return;
      case 'up':
        return void apply(moveUp(document, selectedId));
      case 'down':
        return void apply(moveDown(document, selectedId));
      case 'indent':
        return void apply(indent(document, selectedId));
      case 'outdent':
        return void apply(outdent(document, selectedId));
    }
  };
  const runRef = useRef(run);
  runRef.current = run;

  const onKeyDown = useCallback((event: KeyboardEvent) => {
    if (isTyping(event.target)) return;
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    let action: string | null = null;
    if (mod && key === 'z') action = event.shiftKey ? 'redo' : 'undo';
    else if (mod && key === 'y') action = 'redo';
    else if (mod && key === 'c') action = 'copy';
    else if (mod && key === 'v') action = 'paste';
    else if (mod && key === 'd') action = 'duplicate';
    else if (event.key === 'Delete') action = 'delete';
    else if (event.altKey && event.key === 'ArrowUp') action = 'up';
    else if (event.altKey && event.key === 'ArrowDown') action = 'down';
    else if (event.altKey && event.key === 'ArrowRight') action = 'indent';
    else if (event.altKey && event.key === 'ArrowLeft') action = 'outdent';
    else if (event.key === 'Escape') action = 'deselect';
    if (!action) return;
    event.preventDefault();
    if (action === 'deselect') setSelectedId(null);
    else runRef.current(action);
  }, []);

  useEffect(() => {
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onKeyDown]);

  const publish = async () => {
    setPublishing(true);
    try {
      if (!(await autosave.flush())) return showToast('danger', autosave.error ?? t('builder.saveFailed'));
      await publishLanding(landing.id);
      showToast('success', t('builder.published'));
    } catch (cause) {
      showToast('danger', cause instanceof Error ? cause.message : String(cause));
    } finally {
      setPublishing(false);
    }
  };

  const restoreBackup = () => {
    if (!backup) return;
    commit({ ...document, elements: backup.elements });
    localStorage.removeItem(STORAGE_KEYS.builderBackup);
    setBackup(null);
  };
  const discardBackup = () => {
    localStorage.removeItem(STORAGE_KEYS.builderBackup);
    setBackup(null);
  };

  const statusColor = { saved: 'green', pending: 'gray', saving: 'blue', error: 'red', invalid: 'orange' }[
    autosave.status
  ];
  const tool = (action: string, label: string, symbol: string, disabled = false) => (
    <Tooltip label={label} key={action}>
      <Button
        size="compact-sm"
        variant="default"
        aria-label={label}
        disabled={disabled}
        onClick={() => run(action)}
        px={6}
      >
        {symbol}
      </Button>
    </Tooltip>
  );

  return (
    <BuilderDnd onDrop={dropAt} onDragging={setDragging}>
      <Box style={{ display: 'flex', flexDirection: 'column', height: '100vh' }}>
        <Group
          justify="space-between"
          px="sm"
          py={6}
          style={{ borderBottom: '1px solid #dee2e6' }}
          wrap="nowrap"
        >
          <Group gap="xs" wrap="nowrap">
            <Anchor component={Link} to={backTo} size="sm">
              ← {t('builder.backToLandings')}
            </Anchor>
            <Text fw={600}>{landing.name}</Text>
            <Badge
              color={statusColor}
              variant="light"
              data-testid="save-status"
              title={autosave.error ?? undefined}
            >
              {t(`builder.status.${autosave.status}`)}
            </Badge>
          </Group>
          <Group gap={4} wrap="wrap" justify="flex-end">
            {tool('undo', t('builder.undo'), '↶', !canUndo(history))}
            {tool('redo', t('builder.redo'), '↷', !canRedo(history))}
            {tool('up', t('builder.moveUp'), '↑', !selected)}
            {tool('down', t('builder.moveDown'), '↓', !selected)}
            {tool('outdent', t('builder.outdent'), '⇤', !selected)}
            {tool('indent', t('builder.indent'), '⇥', !selected)}
            {tool('duplicate', t('builder.duplicate'), t('builder.short.duplicate'), !selected)}
            {tool('copy', t('builder.copy'), t('builder.short.copy'), !selected)}
            {tool('paste', t('builder.paste'), t('builder.short.paste'))}
            {tool('delete', t('builder.delete'), t('builder.short.delete'), !selected)}
            <SegmentedControl
              size="xs"
              value={width}
              onChange={(value) => setWidth(value as PreviewWidth)}
              data={[
                { value: 'desktop', label: t('builder.preview.desktop') },
                { value: 'tablet', label: t('builder.preview.tablet') },
                { value: 'mobile', label: t('builder.preview.mobile') },
              ]}
            />
            <Button size="xs" onClick={() => void publish()} loading={isPublishing}>
              {t('builder.publish')}
            </Button>
          </Group>
        </Group>
        {backup ? (
          <Alert color="yellow" py={6} data-testid="backup-alert">
            <Group justify="space-between">
              <Text size="sm">{t('builder.backupFound', { count: backup.elements.length })}</Text>
              <Group gap="xs">
                <Button size="xs" onClick={restoreBackup}>
                  {t('builder.restore')}
                </Button>
                <Button size="xs" variant="default" onClick={discardBackup}>
                  {t('builder.discard')}
                </Button>
              </Group>
            </Group>
          </Alert>
        ) : null}
        {pending.value ? (
          <Alert color="blue" py={6} data-testid="select-flag">
            {t(pending.value.needs === 'form' ? 'builder.selectForm' : 'builder.selectSelect')}
          </Alert>
        ) : null}
        <Box style={{ display: 'flex', flex: 1, minHeight: 0 }}>
          <Box
            style={{ width: 260, borderRight: '1px solid #dee2e6', display: 'flex', flexDirection: 'column' }}
          >
            <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto">
              <Palette items={palette} onAdd={addFromPalette} />
            </ScrollArea>
            <Text fw={600} size="sm" px="sm" pt="xs" style={{ borderTop: '1px solid #dee2e6' }}>
              {t('builder.layers')}
            </Text>
            <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto">
              <Box p="xs">
                <LayersTree document={document} selectedId={selectedId} onSelect={(id) => select(id)} />
              </Box>
            </ScrollArea>
          </Box>
          <Canvas
            document={document}
            width={width}
            selectedId={selectedId}
            isDragging={isDragging}
            onSelect={select}
            onKeyDown={onKeyDown}
            frameRef={frameRef}
          />
          <Box
            style={{
              width: INSPECTOR_WIDTH,
              flex: `0 0 ${INSPECTOR_WIDTH}px`,
              borderLeft: '1px solid #dee2e6',
            }}
          >
            <Inspector
              element={selected}
              document={document}
              fields={fields}
              onChange={(change, key) =>
                selectedId && commit(updateElement(document, selectedId, change), key)
              }
              onPageChange={(page: PageSettings) => commit({ ...document, page }, 'page')}
            />
          </Box>
        </Box>
      </Box>
    </BuilderDnd>
  );
}

const GROUPS = ['layout', 'text', 'media', 'widgets', 'form', 'fields'] as const;

function Palette({ items, onAdd }: { items: PaletteItem[]; onAdd: (item: PaletteItem) => void }) {
  const { t } = useTranslation();
  return (
    <Accordion multiple defaultValue={[...GROUPS]} variant="contained" data-testid="palette">
      {GROUPS.map((group) => (
        <Accordion.Item key={group} value={group}>
          <Accordion.Control py={0}>{t(`builder.palette.${group}`)}</Accordion.Control>
          <Accordion.Panel>
            <SimpleGrid cols={2} spacing={4}>
              {items
                .filter((item) => item.group === group)
                .map((item) => (
                  <PaletteButton key={item.key} item={item} onAdd={onAdd} />
                ))}
            </SimpleGrid>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function PaletteButton({ item, onAdd }: { item: PaletteItem; onAdd: (item: PaletteItem) => void }) {
  const { t } = useTranslation();
  const drag = useDragSource(`palette:${item.key}`, { kind: 'palette', key: item.key });
  const label = item.isLiteral ? item.label : t(item.label);
  return (
    <UnstyledButton
      ref={drag.ref}
      {...drag.handleProps}
      data-palette={item.key}
      onClick={() => onAdd(item)}
      style={{
        ...drag.style,
        border: '1px solid #dee2e6',
        borderRadius: 4,
        padding: '4px 6px',
        fontSize: 12,
        background: 'white',
      }}
    >
      {label}
    </UnstyledButton>
  );
}
