import { Anchor, Badge, Button, Group, Table } from '@mantine/core';
import type { LandingSummary } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { confirmDanger } from '../../components/confirm.tsx';
import { showApiError } from '../../lib/form-errors.ts';
import { withTenant } from '../../lib/paths.ts';
import { showToast } from '../../lib/toasts.ts';
import { useDeleteLanding, useDuplicateLanding, usePublishLanding } from './landings.hooks.ts';

/** The campaign's landings: draft and published version, and what can be done with each. */
export function LandingsTable({
  landings,
  onRename,
  onShowVersions,
}: {
  landings: LandingSummary[];
  onRename: (landing: LandingSummary) => void;
  onShowVersions: (landing: LandingSummary) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table striped withTableBorder data-testid="landings-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('landings.name')}</Table.Th>
          <Table.Th>{t('landings.draft')}</Table.Th>
          <Table.Th>{t('landings.publishedVersion')}</Table.Th>
          <Table.Th>{t('landings.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {landings.map((landing) => (
          <LandingRow
            key={landing.id}
            landing={landing}
            onRename={onRename}
            onShowVersions={onShowVersions}
          />
        ))}
      </Table.Tbody>
    </Table>
  );
}

function LandingRow({
  landing,
  onRename,
  onShowVersions,
}: {
  landing: LandingSummary;
  onRename: (landing: LandingSummary) => void;
  onShowVersions: (landing: LandingSummary) => void;
}) {
  const { t } = useTranslation();
  const { tenant } = useParams();
  const editPath = `${withTenant(tenant, '/builder')}?landing=${landing.id}`;
  const onError = (error: Error) => showApiError(error);
  const duplicate = useDuplicateLanding({
    onSuccess: () => showToast('success', t('landings.duplicated')),
    onError,
  });
  const publish = usePublishLanding({
    onSuccess: () => showToast('success', t('builder.published')),
    onError,
  });
  const remove = useDeleteLanding({ onSuccess: () => showToast('success', t('landings.deleted')), onError });

  const handleDelete = async () => {
    const isConfirmed = await confirmDanger({
      title: t('landings.deleteTitle'),
      message: t('landings.deleteMessage', { name: landing.name }),
      confirmLabel: t('landings.delete'),
    });
    if (isConfirmed) remove.mutate(landing.id);
  };

  return (
    <Table.Tr data-landing={landing.name}>
      <Table.Td>
        <Anchor component={Link} to={editPath}>
          {landing.name}
        </Anchor>
      </Table.Td>
      <Table.Td>v{landing.version}</Table.Td>
      <Table.Td>
        {landing.publishedVersion === null ? (
          <Badge color="gray">{t('landings.notPublished')}</Badge>
        ) : (
          <Badge color="green">v{landing.publishedVersion}</Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Button size="compact-xs" component={Link} to={editPath}>
            {t('landings.edit')}
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => onRename(landing)}>
            {t('landings.rename')}
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => duplicate.mutate(landing.id)}>
            {t('landings.duplicate')}
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => publish.mutate(landing.id)}>
            {t('builder.publish')}
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => onShowVersions(landing)}>
            {t('landings.versions')}
          </Button>
          <Button size="compact-xs" color="red" variant="light" onClick={() => void handleDelete()}>
            {t('landings.delete')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
