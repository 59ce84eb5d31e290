import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '../lib/i18n.ts';

/** Asks before a destructive action; resolves true only when the person confirms. */
export function confirmDanger(options: {
  title: string;
  message: string;
  confirmLabel?: string;
}): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: options.title,
      children: <Text size="sm">{options.message}</Text>,
      labels: {
        confirm: options.confirmLabel ?? i18n.t('actions.confirm'),
        cancel: i18n.t('actions.cancel'),
      },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
