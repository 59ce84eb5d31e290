/**
 * Undo/redo history of the builder: immutable snapshots of the document, at most
 * `HISTORY_LIMIT` (spec: 1000) counting the present one; the oldest are dropped first.
 */
export const HISTORY_LIMIT = 1000;

export type History<T> = { past: T[]; present: T; future: T[] };

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/** Records `next` as the present; the redo branch is dropped. Same value: unchanged. */
export function pushHistory<T>(history: History<T>, next: T, limit = HISTORY_LIMIT): History<T> {
  if (Object.is(next, history.present)) return history;
  const past = [...history.past, history.present];
  const overflow = past.length + 1 - limit;
  return { past: overflow > 0 ? past.slice(overflow) : past, present: next, future: [] };
}

/** Replaces the present without a new snapshot (e.g. the server's copy after a save). */
export function replacePresent<T>(history: History<T>, present: T): History<T> {
  return { ...history, present };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (history.past.length === 0) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous as T,
    future: [history.present, ...history.future],
  };
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  const [next, ...rest] = history.future;
  return { past: [...history.past, history.present], present: next as T, future: rest };
}

export const canUndo = (history: History<unknown>) => history.past.length > 0;
export const canRedo = (history: History<unknown>) => history.future.length > 0;

/** How many snapshots the history holds (past + present + future). */
export const historySize = (history: History<unknown>) => history.past.length + 1 + history.future.length;
