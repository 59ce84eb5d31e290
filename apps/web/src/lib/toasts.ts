import { notifications } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

export type ToastKind = 'info' | 'danger' | 'alert' | 'success';

const COLORS: Record<ToastKind, string> = { info: 'blue', danger: 'red', alert: 'yellow', success: 'green' };

export const TOAST_MS = 4000;

/*
 * The toast container is downloaded on the first toast, not with the login page (budget). Queued
 * toasts live in the notifications store and appear as soon as the container mounts.
 */
let isHostWanted = false;
const listeners = new Set<() => void>();

export function useIsToastHostWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isHostWanted,
  );
}

/** Shows a toast of one of the spec's four kinds for 4 seconds. */
export function showToast(kind: ToastKind, message: string, title?: string): void {
  if (!isHostWanted) {
    isHostWanted = true;
    for (const listener of listeners) listener();
  }
  notifications.show({
    message,
    title,
    color: COLORS[kind],
    autoClose: TOAST_MS,
    withBorder: true,
    className: `toast toast-${kind}`,
  });
}
