import { Alert, Button, Group, Text } from '@mantine/core';
import { type LandingElement, validateDocument } from '@promo/landing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, sealedLocal } from '../../lib/session-storage.ts';

type Backup = { savedAt: string; elements: LandingElement[] };

/**
 * The backup a forced logout left (`builder-backup`) for this landing, when it holds a valid
 * element list; another landing's backup stays stored until that landing is opened.
 */
function readBackup(landingId: string): Backup | null {
  try {
    const raw = sealedLocal.getItem(STORAGE_KEYS.builderBackup);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { savedAt?: string; landingId?: string; elements?: unknown };
    if (parsed.landingId !== undefined && parsed.landingId !== landingId) return null;
    if (!Array.isArray(parsed.elements) || parsed.elements.length === 0) return null;
    const issues = validateDocument({ schemaVersion: 1, page: { title: '' }, elements: parsed.elements });
    return issues.length === 0
      ? { savedAt: parsed.savedAt ?? '', elements: parsed.elements as LandingElement[] }
      : null;
  } catch {
    return null;
  }
}

/** Offers the landing's backup once: restoring or discarding it removes it from storage. */
export function BackupOffer({
  landingId,
  onRestore,
}: {
  landingId: string;
  onRestore: (elements: LandingElement[]) => void;
}) {
  const { t } = useTranslation();
  const [backup, setBackup] = useState(() => readBackup(landingId));
  if (!backup) return null;
  const discard = () => {
    sealedLocal.removeItem(STORAGE_KEYS.builderBackup);
    setBackup(null);
  };
  const restore = () => {
    onRestore(backup.elements);
    discard();
  };
  return (
    <Alert color="yellow" py={6} data-testid="backup-alert">
      <Group justify="space-between">
        <Text size="sm">{t('builder.backupFound', { count: backup.elements.length })}</Text>
        <Group gap="xs">
          <Button size="xs" onClick={restore}>
            {t('builder.restore')}
          </Button>
          <Button size="xs" variant="default" onClick={discard}>
            {t('builder.discard')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
