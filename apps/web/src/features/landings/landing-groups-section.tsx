import { Anchor, Button, CopyButton, Group, Paper, Stack, Table, Title } from '@mantine/core';
import type { LandingGroup, LandingSummary } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDanger } from '../../components/confirm.tsx';
import { showApiError } from '../../lib/form-errors.ts';
import { LandingGroupForm } from './landing-group-form.tsx';
import { landingGroupsQuery } from './landings.api.ts';
import { useDeleteLandingGroup } from './landings.hooks.ts';

/** Landing groups of the campaign: name (the public URL segment), ordered landings, public URL. */
export function LandingGroupsSection({
  campaignId,
  landings,
}: {
  campaignId: string;
  landings: LandingSummary[];
}) {
  const { t } = useTranslation();
  const groups = useQuery(landingGroupsQuery());
  const [editing, setEditing] = useState<LandingGroup | null>(null);
  const names = new Map(landings.map((landing) => [landing.id, landing.name]));
  const campaignGroups = (groups.data ?? []).filter((group) => group.campaignId === campaignId);
  const remove = useDeleteLandingGroup({ onError: (error) => showApiError(error) });

  const handleDelete = async (group: LandingGroup) => {
    const isConfirmed = await confirmDanger({
      title: t('landings.deleteGroupTitle'),
      message: t('landings.deleteMessage', { name: group.name }),
    });
    if (isConfirmed) remove.mutate(group.id);
  };

  return (
    <Paper withBorder p="md" mt="lg">
      <Stack>
        <Title order={2}>{t('landings.groups')}</Title>
        <Table withTableBorder data-testid="groups-table">
          <Table.Tbody>
            {campaignGroups.map((group) => (
              <Table.Tr key={group.id} data-group={group.name}>
                <Table.Td>{group.name}</Table.Td>
                <Table.Td>
                  {group.landingIds.map((id, index) => `${index + 1}. ${names.get(id) ?? id}`).join('  ')}
                </Table.Td>
                <Table.Td>
                  <PublicUrl path={group.publicPath} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-xs" variant="default" onClick={() => setEditing(group)}>
                      {t('landings.edit')}
                    </Button>
                    <Button
                      size="compact-xs"
                      color="red"
                      variant="light"
                      onClick={() => void handleDelete(group)}
                    >
                      {t('landings.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <LandingGroupForm
          key={editing?.id ?? 'new'}
          campaignId={campaignId}
          landings={landings}
          group={editing}
          onDone={() => setEditing(null)}
        />
      </Stack>
    </Paper>
  );
}

function PublicUrl({ path }: { path: string }) {
  const { t } = useTranslation();
  const url = `${window.location.origin}${path}`;
  return (
    <Group gap={4} wrap="nowrap">
      <Anchor href={url} target="_blank" rel="noopener" data-testid="group-public-url" size="sm">
        {url}
      </Anchor>
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="default" onClick={copy}>
            {copied ? t('landings.copied') : t('landings.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
