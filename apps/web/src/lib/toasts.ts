import { useSyncExternalStore } from 'react';

export type ToastKind = 'info' | 'danger' | 'alert' | 'success';

/**
 * The toast library's defaults (spec §9): 5000 ms display, 1000 ms more after the pointer leaves
 * a hovered toast, 300 ms fade, top right, no limit on open toasts, newest on top, a tap
 * dismisses, no close button, no progress bar, messages shown as text (never HTML).
 */
export const TOAST_DEFAULTS = {
  displayMs: 5000,
  extendedMs: 1000,
  fadeMs: 300,
  position: 'top-right',
  newestOnTop: true,
} as const;

/** The product's configuration overrides the display time only: toasts show for 4 seconds. */
export const TOAST_SETTINGS = { ...TOAST_DEFAULTS, displayMs: 4000 };

export type Toast = {
  id: number;
  kind: ToastKind;
  message: string;
  title?: string;
  /** true while it fades out */
  isLeaving: boolean;
};

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function clearTimer(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
}

function hideAfter(id: number, ms: number): void {
  clearTimer(id);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), ms),
  );
}

/** Starts the fade; the toast is gone once the fade has run. */
export function dismissToast(id: number): void {
  const toast = toasts.find((item) => item.id === id);
  if (!toast || toast.isLeaving) return;
  publish(toasts.map((item) => (item.id === id ? { ...item, isLeaving: true } : item)));
  clearTimer(id);
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      publish(toasts.filter((item) => item.id !== id));
    }, TOAST_SETTINGS.fadeMs),
  );
}

/** The pointer is on the toast: it stays (a fade under way is called back). */
export function holdToast(id: number): void {
  clearTimer(id);
  if (toasts.some((item) => item.id === id && item.isLeaving)) {
    publish(toasts.map((item) => (item.id === id ? { ...item, isLeaving: false } : item)));
  }
}

/** The pointer left the toast: it stays the extended time more, then fades. */
export function releaseToast(id: number): void {
  if (toasts.some((item) => item.id === id)) hideAfter(id, TOAST_SETTINGS.extendedMs);
}

/** The open toasts, newest first. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, () => toasts);
}

/*
 * The toast container is downloaded on the first toast, not with the login page (budget). Toasts
 * shown before it mounts wait in the store and appear as soon as it does.
 */
let isHostWanted = false;

export function useIsToastHostWanted(): boolean {
  return useSyncExternalStore(subscribe, () => isHostWanted);
}

/** Shows a toast of one of the spec's four kinds, on top of the others, for 4 seconds. */
export function showToast(kind: ToastKind, message: string, title?: string): void {
  isHostWanted = true;
  const id = nextId;
  nextId += 1;
  const toast: Toast = { id, kind, message, title, isLeaving: false };
  publish(TOAST_SETTINGS.newestOnTop ? [toast, ...toasts] : [...toasts, toast]);
  hideAfter(id, TOAST_SETTINGS.displayMs);
}
