import { Button, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import { appLocale } from '../lib/i18n.ts';

export type StaleWriteChoice = 'seeNew' | 'keepMine';

/**
 * A save refused because someone saved the record after it was opened (STALE_WRITE): the person
 * chooses to see the new version (their changes are dropped) or to keep theirs (sent again on the
 * new version, over the other save). Closing it leaves the form as it was, still unsaved.
 */
export function StaleWriteDialog({
  opened,
  pending,
  onChoose,
  onClose,
}: {
  opened: boolean;
  /** The choice being carried out (its button shows it is working; both are disabled). */
  pending: StaleWriteChoice | null;
  onChoose: (choice: StaleWriteChoice) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const choice = (key: StaleWriteChoice, variant: 'default' | 'filled') => (
    <Stack gap={4}>
      <Button
        variant={variant}
        fullWidth
        loading={pending === key}
        disabled={pending !== null && pending !== key}
        onClick={() => onChoose(key)}
        aria-describedby={`stale-write-${key}`}
      >
        {t(`staleWrite.${key}`)}
      </Button>
      <Text id={`stale-write-${key}`} size="xs" c="dimmed" ta="center">
        {t(`staleWrite.${key}Help`)}
      </Text>
    </Stack>
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{t('staleWrite.title')}</Text>}
      centered
      closeButtonProps={{ 'aria-label': t('modal.close') }}
    >
      <Stack>
        <Text size="sm">{errorMessage('STALE_WRITE', appLocale())}</Text>
        {choice('seeNew', 'default')}
        {choice('keepMine', 'filled')}
      </Stack>
    </Modal>
  );
}
