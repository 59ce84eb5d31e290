import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '../lib/toasts.ts';

export default function ToastHost() {
  return <Notifications position="top-right" autoClose={TOAST_MS} />;
}
