import { type ErrorCode, errorMessage } from '@promo/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appLocale } from '../../lib/i18n.ts';
import { showToast } from '../../lib/toasts.ts';
import { copyToClipboard, readClipboard } from './clipboard.ts';
import type { PaletteItem } from './palette.ts';
import {
  closestOfType,
  deleteElement,
  duplicateElement,
  type EditResult,
  getElement,
  indent,
  insertChecked,
  insertionPoint,
  moveDown,
  moveUp,
  outdent,
} from './tree-ops.ts';
import type { EditHistory } from './use-edit-history.ts';
import { useTimedFlag } from './use-timed-flag.ts';

/** What the toolbar buttons and the keyboard shortcuts do. */
export type EditorAction =
  | 'undo'
  | 'redo'
  | 'copy'
  | 'paste'
  | 'duplicate'
  | 'delete'
  | 'up'
  | 'down'
  | 'indent'
  | 'outdent';

const say = (code: ErrorCode) => showToast('danger', errorMessage(code, appLocale()));

/**
 * The selected element and the edits on the document: adding from the palette, the toolbar
 * actions, and a field that waits for the form or select it needs to be picked.
 */
export function useElementActions({ document, commit, undo, redo }: EditHistory) {
  const { t } = useTranslation();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // "Select a form" / "select a select": a field waiting for its container; resets after 3 s.
  const pending = useTimedFlag<{ item: PaletteItem; needs: 'form' | 'select' }>(3000);
  const selected = selectedId ? (getElement(document, selectedId) ?? null) : null;

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
    const isMissingContainer =
      !result.ok && (result.code === 'ELEMENT_ONLY_IN_FORM' || result.code === 'FIELD_INVALID');
    if (isMissingContainer && item.needs) pending.set({ item, needs: item.needs });
    apply(result);
  };

  const addFromPalette = (item: PaletteItem) => {
    const point = insertionPoint(document, selectedId);
    addItem(item, point.parentId, point.index);
  };

  const select = (id: string | null) => {
    const waiting = pending.value;
    const target = waiting && id ? closestOfType(document, id, waiting.needs) : undefined;
    if (waiting && target) {
      pending.clear();
      addItem(waiting.item, target);
      return;
    }
    setSelectedId(id);
  };

  const run = (action: EditorAction) => {
    if (action === 'undo') return undo();
    if (action === 'redo') return redo();
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

  return {
    selectedId,
    selected,
    pending: pending.value,
    apply,
    addItem,
    addFromPalette,
    select,
    deselect: () => setSelectedId(null),
    run,
  };
}
