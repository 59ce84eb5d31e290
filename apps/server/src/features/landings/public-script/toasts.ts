/// <reference lib="dom" />
/**
 * Landing-page toasts (spec: kinds info, danger, alert and success, shown for 4 seconds): top
 * right, newest on top, a tap dismisses, 300 ms fade, plain text only. Announced politely;
 * danger and alert toasts as alerts.
 */

export type ToastKind = 'info' | 'danger' | 'alert' | 'success';

/** How long a toast stays (spec, business constants). */
export const TOAST_MS = 4000;
const FADE_MS = 300;

function container(): HTMLElement {
  const found = document.querySelector<HTMLElement>('.lp-toasts');
  if (found) return found;
  const box = document.createElement('div');
  box.className = 'lp-toasts';
  box.setAttribute('aria-live', 'polite');
  // inside the page, so the toasts take the tenant's font and radius
  (document.querySelector('.lp-page') ?? document.body).append(box);
  return box;
}

export function toast(kind: ToastKind, message: string): void {
  const item = document.createElement('div');
  item.className = 'lp-toast';
  item.dataset.kind = kind;
  if (kind === 'danger' || kind === 'alert') item.setAttribute('role', 'alert');
  item.textContent = message;
  const leave = () => {
    if (item.dataset.leaving) return;
    item.dataset.leaving = 'true';
    setTimeout(() => item.remove(), FADE_MS);
  };
  item.addEventListener('click', leave);
  container().prepend(item);
  setTimeout(leave, TOAST_MS);
}
