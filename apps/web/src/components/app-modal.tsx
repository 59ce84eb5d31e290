import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from './modal-width.ts';

let counter = 0;

function ModalTitle({
  modalId,
  title,
  isMaximizable,
}: {
  modalId: string;
  title: ReactNode;
  isMaximizable: boolean;
}) {
  const { t } = useTranslation();
  const [isMaximized, setIsMaximized] = useState(false);
  const label = isMaximized ? t('modal.restore') : t('modal.maximize');
  const handleToggle = () => {
    const next = !isMaximized;
    setIsMaximized(next);
    modals.updateModal({ modalId, fullScreen: next });
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Text fw={600} component="span">
        {title}
      </Text>
      {isMaximizable && (
        <Tooltip label={label}>
          <ActionIcon variant="subtle" size="sm" aria-label={label} onClick={handleToggle}>
            <span aria-hidden="true">{isMaximized ? '❐' : '□'}</span>
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

export type AppModalOptions = {
  title: ReactNode;
  children: ReactNode;
  isMaximizable?: boolean;
};

/**
 * Opens a modal on the stack (the newest shows on top; closing it reveals the previous one).
 * 50% of the viewport wide, 95% on small screens (see app.css), with an optional maximize button.
 */
export function openAppModal({ title, children, isMaximizable = true }: AppModalOptions): string {
  counter += 1;
  const modalId = `app-modal-${counter}`;
  modals.open({
    modalId,
    title: <ModalTitle modalId={modalId} title={title} isMaximizable={isMaximizable} />,
    children,
    ...MODAL_WIDTH,
  });
  return modalId;
}

export function closeAppModal(modalId: string): void {
  modals.close(modalId);
}
