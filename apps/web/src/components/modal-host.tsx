import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from './modal-width.ts';

/**
 * The modal stack of the back-office and builder screens. Mounted by their layouts rather than at
 * the root so that the login page does not download the modal code (it keeps the login under budget).
 */
export function ModalHost({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ModalsProvider
      labels={{ confirm: t('actions.confirm'), cancel: t('actions.cancel') }}
      modalProps={MODAL_WIDTH}
    >
      {children}
    </ModalsProvider>
  );
}
