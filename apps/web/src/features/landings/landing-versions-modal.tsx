import { Badge, Button, Modal, Table, Text } from '@mantine/core';
import type { LandingSummary, LandingVersion } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../components/modal-width.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { appLocale } from '../../lib/i18n.ts';
import { readTenantConfig } from '../../lib/session-storage.ts';
import { showToast } from '../../lib/toasts.ts';
import { landingVersionsQuery } from './landings.api.ts';
import { useRollbackLanding } from './landings.hooks.ts';

/** The published versions of a landing; any but the current one can be published again. */
export function LandingVersionsModal({
  landing,
  onClose,
}: {
  landing: LandingSummary | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={landing !== null} onClose={onClose} title={t('landings.versions')} {...MODAL_WIDTH}>
      {landing ? <VersionsTable landingId={landing.id} /> : null}
    </Modal>
  );
}

function VersionsTable({ landingId }: { landingId: string }) {
  const { t } = useTranslation();
  const versions = useQuery(landingVersionsQuery(landingId));
  const rollback = useRollbackLanding(landingId, {
    onSuccess: (_landing, version) => showToast('success', t('landings.rolledBack', { version })),
    onError: (error) => showApiError(error),
  });
  const status = (version: LandingVersion) =>
    version.current ? (
      <Badge color="green">{t('landings.current')}</Badge>
    ) : (
      <Button size="compact-xs" onClick={() => rollback.mutate(version.version)}>
        {t('landings.rollback')}
      </Button>
    );
  return (
    <>
      <Table data-testid="versions-table">
        <Table.Tbody>
          {(versions.data ?? []).map((version) => (
            <Table.Tr key={version.version}>
              <Table.Td>v{version.version}</Table.Td>
              <Table.Td>
                {formatDateTime(version.publishedAt, readTenantConfig()?.timeZone, appLocale())}
              </Table.Td>
              <Table.Td>{status(version)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {versions.data?.length === 0 ? <Text c="dimmed">{t('landings.noVersions')}</Text> : null}
    </>
  );
}
