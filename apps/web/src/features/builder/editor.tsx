import { Alert, Box, ScrollArea, Text } from '@mantine/core';
import type { Country, FormField } from '@promo/contract';
import type { LandingDocument, PageBrand, PageSettings } from '@promo/landing';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackupOffer } from './backup-offer.tsx';
import { usePublishDraft } from './builder.hooks.ts';
import { Canvas, type PreviewWidth } from './canvas.tsx';
import { BuilderDnd } from './dnd.tsx';
import { EditorToolbar } from './editor-toolbar.tsx';
import { INSPECTOR_WIDTH, Inspector } from './inspector.tsx';
import { LayersTree } from './layers.tsx';
import { BASE_PALETTE, fieldPalette } from './palette.ts';
import { PalettePanel } from './palette-panel.tsx';
import { updateElement } from './tree-ops.ts';
import { useAutosave } from './use-autosave.ts';
import { useBuilderBackup } from './use-builder-backup.ts';
import { useDrop } from './use-drop.ts';
import { useEditHistory } from './use-edit-history.ts';
import { useElementActions } from './use-element-actions.ts';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts.ts';
import { useToastsBelow } from './use-toasts-below.ts';

export type EditorLanding = { id: string; name: string; version: number; document: LandingDocument };

const BORDER = '1px solid #dee2e6';

/**
 * The landing editor: palette and layers on the left, the canvas (shared renderer) in the centre,
 * the 350px inspector on the right; toolbar with undo/redo, preview widths, save state, publish.
 */
export function Editor({
  landing,
  fields,
  country,
  backTo,
  brand,
}: {
  /** The tenant's look, for the canvas (the default theme until it is known). */
  brand?: PageBrand | undefined;
  landing: EditorLanding;
  fields: readonly FormField[];
  country: Country | null;
  backTo: string;
}) {
  const { t } = useTranslation();
  const history = useEditHistory(landing.document);
  const { document, commit } = history;
  const actions = useElementActions(history);
  const { selectedId, selected } = actions;
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const [isDragging, setDragging] = useState(false);
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const toolbarRef = useRef<HTMLDivElement | null>(null);
  useToastsBelow(toolbarRef);
  const autosave = useAutosave(landing.id, document, landing.version);
  useBuilderBackup(landing.id, document.elements);
  const { publish, isPublishing } = usePublishDraft(landing.id, autosave);
  const onKeyDown = useKeyboardShortcuts(actions.run, actions.deselect);
  const palette = useMemo(() => [...BASE_PALETTE, ...fieldPalette({ fields, country })], [fields, country]);
  const handleDrop = useDrop({ document, palette, frameRef, addItem: actions.addItem, apply: actions.apply });

  return (
    <BuilderDnd onDrop={handleDrop} onDragging={setDragging}>
      <Box style={{ display: 'flex', flexDirection: 'column', height: '100vh' }}>
        <EditorToolbar
          ref={toolbarRef}
          name={landing.name}
          backTo={backTo}
          save={autosave}
          canUndo={history.canUndo}
          canRedo={history.canRedo}
          hasSelection={selected !== null}
          onAction={actions.run}
          width={width}
          onWidthChange={setWidth}
          onPublish={() => void publish()}
          isPublishing={isPublishing}
        />
        <BackupOffer landingId={landing.id} onRestore={(elements) => commit({ ...document, elements })} />
        {actions.pending ? (
          <Alert color="blue" py={6} data-testid="select-flag">
            {t(actions.pending.needs === 'form' ? 'builder.selectForm' : 'builder.selectSelect')}
          </Alert>
        ) : null}
        <Box style={{ display: 'flex', flex: 1, minHeight: 0 }}>
          <Box style={{ width: 260, borderRight: BORDER, display: 'flex', flexDirection: 'column' }}>
            <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto">
              <PalettePanel items={palette} onAdd={actions.addFromPalette} />
            </ScrollArea>
            <Text fw={600} size="sm" px="sm" pt="xs" style={{ borderTop: BORDER }}>
              {t('builder.layers')}
            </Text>
            <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto">
              <Box p="xs">
                <LayersTree document={document} selectedId={selectedId} onSelect={actions.select} />
              </Box>
            </ScrollArea>
          </Box>
          <Canvas
            document={document}
            width={width}
            selectedId={selectedId}
            isDragging={isDragging}
            onSelect={actions.select}
            onKeyDown={onKeyDown}
            frameRef={frameRef}
            brand={brand}
          />
          <Box
            data-testid="builder-inspector"
            style={{ width: INSPECTOR_WIDTH, flex: `0 0 ${INSPECTOR_WIDTH}px`, borderLeft: BORDER }}
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
