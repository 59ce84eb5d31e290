import type { LandingDocument } from '@promo/landing';
import { useCallback, useRef, useState } from 'react';
import { canRedo, canUndo, createHistory, pushHistory, redo, replacePresent, undo } from './history.ts';

/**
 * The document with its undo history. Edits committed with the same `coalesceKey` less than a
 * second apart (typing in one inspector field) make one step.
 */
export function useEditHistory(initial: LandingDocument) {
  const [history, setHistory] = useState(() => createHistory(initial));
  const coalesce = useRef<{ key: string; at: number } | null>(null);

  const commit = useCallback((next: LandingDocument, coalesceKey?: string) => {
    const now = Date.now();
    const last = coalesce.current;
    const isSameEdit = coalesceKey !== undefined && last?.key === coalesceKey && now - last.at < 1000;
    coalesce.current = coalesceKey ? { key: coalesceKey, at: now } : null;
    setHistory((current) => (isSameEdit ? replacePresent(current, next) : pushHistory(current, next)));
  }, []);

  return {
    document: history.present,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    commit,
    undo: useCallback(() => setHistory(undo), []),
    redo: useCallback(() => setHistory(redo), []),
  };
}

export type EditHistory = ReturnType<typeof useEditHistory>;
