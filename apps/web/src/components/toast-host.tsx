import { Notification } from '@mantine/core';
import {
  dismissToast,
  holdToast,
  releaseToast,
  TOAST_SETTINGS,
  type ToastKind,
  useToasts,
} from '../lib/toasts.ts';

const COLORS: Record<ToastKind, string> = { info: 'blue', danger: 'red', alert: 'yellow', success: 'green' };

/**
 * The open toasts, top right, newest on top: a tap dismisses one, the pointer on one keeps it
 * until a second after it leaves; no close button, no progress bar, messages as plain text.
 */
export default function ToastHost() {
  const toasts = useToasts();
  return (
    <div className="toast-stack" data-testid="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <Notification
          key={toast.id}
          role="status"
          className={`toast toast-${toast.kind}`}
          data-leaving={toast.isLeaving || undefined}
          style={{ '--toast-fade-ms': `${TOAST_SETTINGS.fadeMs}ms` } as React.CSSProperties}
          color={COLORS[toast.kind]}
          title={toast.title}
          withBorder
          withCloseButton={false}
          onClick={() => dismissToast(toast.id)}
          onPointerEnter={() => holdToast(toast.id)}
          onPointerLeave={() => releaseToast(toast.id)}
        >
          {toast.message}
        </Notification>
      ))}
    </div>
  );
}
