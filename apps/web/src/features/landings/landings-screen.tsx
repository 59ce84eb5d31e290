import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Container,
  CopyButton,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { LandingGroup, LandingSummary } from '@promo/contract';
import { createDocument } from '@promo/landing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { confirmDanger } from '../../components/confirm.tsx';
import { ApiError } from '../../lib/api.ts';
import { pagesPath, withTenant } from '../../lib/paths.ts';
import { showToast } from '../../lib/toasts.ts';
import { campaignOptionsQuery } from '../campaigns/index.ts';
import {
  createLanding,
  createLandingGroup,
  deleteLanding,
  deleteLandingGroup,
  duplicateLanding,
  landingGroupsQuery,
  landingKeys,
  landingsQuery,
  landingVersionsQuery,
  publishLanding,
  rollbackLanding,
  updateLanding,
  updateLandingGroup,
} from './landings.api.ts';

const fail = (cause: unknown) => showToast('danger', cause instanceof Error ? cause.message : String(cause));

/** Landings of a campaign (create, rename, duplicate, delete, publish, versions) and its landing groups. */
export function LandingsScreen() {
  const { t } = useTranslation();
  const { tenant } = useParams();
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaign') ?? '';
  const campaigns = useQuery(campaignOptionsQuery());
  const landings = useQuery(landingsQuery(campaignId));
  const queryClient = useQueryClient();
  const [newName, setNewName] = useState('');
  const [renaming, setRenaming] = useState<LandingSummary | null>(null);
  const [versionsOf, setVersionsOf] = useState<LandingSummary | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: landingKeys.all });
  const editPath = (id: string) => `${withTenant(tenant, '/builder')}?landing=${id}`;

  const create = async () => {
    try {
      const created = await createLanding({
        name: newName.trim(),
        campaignId,
        document: createDocument({ title: newName.trim() }),
      });
      setNewName('');
      showToast('success', t('landings.created'));
      await refresh();
      return created;
    } catch (cause) {
      fail(cause);
    }
  };

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      showToast('success', done);
      await refresh();
    } catch (cause) {
      fail(cause);
    }
  };

  const remove = async (landing: LandingSummary) => {
    const ok = await confirmDanger({
      title: t('landings.deleteTitle'),
      message: t('landings.deleteMessage', { name: landing.name }),
      confirmLabel: t('landings.delete'),
    });
    if (ok) await act(() => deleteLanding(landing.id), t('landings.deleted'));
  };

  return (
    <Container size="xl" py="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>{t('landings.title')}</Title>
          <Anchor component={Link} to={pagesPath(tenant)}>
            {t('builder.back')}
          </Anchor>
        </Group>
        <Select
          label={t('landings.campaign')}
          data-testid="landing-campaign"
          searchable
          value={campaignId || null}
          data={(campaigns.data ?? []).map((campaign) => ({
            value: campaign.id,
            label: `${campaign.title} (${campaign.name})`,
          }))}
          onChange={(value) => setParams(value ? { campaign: value } : {})}
          maw={480}
        />
        {campaignId ? (
          <>
            <Group align="end">
              <TextInput
                label={t('landings.newName')}
                value={newName}
                onChange={(event) => setNewName(event.currentTarget.value)}
                data-testid="new-landing-name"
              />
              <Button onClick={() => void create()} disabled={newName.trim() === ''}>
                {t('landings.create')}
              </Button>
            </Group>
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
                {(landings.data ?? []).map((landing) => (
                  <Table.Tr key={landing.id} data-landing={landing.name}>
                    <Table.Td>
                      <Anchor component={Link} to={editPath(landing.id)}>
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
                        <Button size="compact-xs" component={Link} to={editPath(landing.id)}>
                          {t('landings.edit')}
                        </Button>
                        <Button size="compact-xs" variant="default" onClick={() => setRenaming(landing)}>
                          {t('landings.rename')}
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() =>
                            void act(() => duplicateLanding(landing.id), t('landings.duplicated'))
                          }
                        >
                          {t('landings.duplicate')}
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() => void act(() => publishLanding(landing.id), t('builder.published'))}
                        >
                          {t('builder.publish')}
                        </Button>
                        <Button size="compact-xs" variant="default" onClick={() => setVersionsOf(landing)}>
                          {t('landings.versions')}
                        </Button>
                        <Button
                          size="compact-xs"
                          color="red"
                          variant="light"
                          onClick={() => void remove(landing)}
                        >
                          {t('landings.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {landings.data?.length === 0 ? <Text c="dimmed">{t('landings.empty')}</Text> : null}
            <GroupsSection campaignId={campaignId} landings={landings.data ?? []} />
          </>
        ) : (
          <Text c="dimmed">{t('landings.pickCampaign')}</Text>
        )}
      </Stack>
      <RenameModal
        landing={renaming}
        onClose={() => setRenaming(null)}
        onDone={() => {
          setRenaming(null);
          void refresh();
        }}
      />
      <VersionsModal landing={versionsOf} onClose={() => setVersionsOf(null)} onDone={() => void refresh()} />
    </Container>
  );
}

function RenameModal({
  landing,
  onClose,
  onDone,
}: {
  landing: LandingSummary | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  useEffect(() => setName(landing?.name ?? ''), [landing]);
  return (
    <Modal opened={landing !== null} onClose={onClose} title={t('landings.rename')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!landing) return;
          updateLanding(landing.id, { name: name.trim() })
            .then(() => {
              showToast('success', t('landings.renamed'));
              onDone();
            })
            .catch(fail);
        }}
      >
        <Stack>
          <TextInput
            label={t('landings.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
          />
          <Button type="submit">{t('actions.save')}</Button>
        </Stack>
      </form>
    </Modal>
  );
}

function VersionsModal({
  landing,
  onClose,
  onDone,
}: {
  landing: LandingSummary | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const versions = useQuery({ ...landingVersionsQuery(landing?.id ?? ''), enabled: landing !== null });
  return (
    <Modal opened={landing !== null} onClose={onClose} title={t('landings.versions')}>
      <Table data-testid="versions-table">
        <Table.Tbody>
          {(versions.data ?? []).map((version) => (
            <Table.Tr key={version.version}>
              <Table.Td>v{version.version}</Table.Td>
              <Table.Td>{new Date(version.publishedAt).toLocaleString()}</Table.Td>
              <Table.Td>
                {version.current ? (
                  <Badge color="green">{t('landings.current')}</Badge>
                ) : (
                  <Button
                    size="compact-xs"
                    onClick={() =>
                      landing &&
                      rollbackLanding(landing.id, version.version)
                        .then(() => {
                          showToast('success', t('landings.rolledBack', { version: version.version }));
                          void versions.refetch();
                          onDone();
                        })
                        .catch(fail)
                    }
                  >
                    {t('landings.rollback')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {versions.data?.length === 0 ? <Text c="dimmed">{t('landings.noVersions')}</Text> : null}
    </Modal>
  );
}

/** Landing groups of the campaign: name (the public URL segment), ordered landings, public URL. */
function GroupsSection({ campaignId, landings }: { campaignId: string; landings: LandingSummary[] }) {
  const { t } = useTranslation();
  const groups = useQuery(landingGroupsQuery());
  const [editing, setEditing] = useState<LandingGroup | null>(null);
  const [name, setName] = useState('');
  const [landingIds, setLandingIds] = useState<string[]>([]);
  const [nameError, setNameError] = useState<string | null>(null);
  const names = new Map(landings.map((landing) => [landing.id, landing.name]));
  const mine = (groups.data ?? []).filter((group) => group.campaignId === campaignId);

  const reset = () => {
    setEditing(null);
    setName('');
    setLandingIds([]);
    setNameError(null);
  };
  const save = async () => {
    try {
      const body = { name: name.trim(), campaignId, landingIds };
      if (editing) await updateLandingGroup(editing.id, body);
      else await createLandingGroup(body);
      showToast('success', t('landings.groupSaved'));
      reset();
      await groups.refetch();
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'LANDING_GROUP_NAME_REQUIRED')
        setNameError(cause.message);
      fail(cause);
    }
  };
  const remove = async (group: LandingGroup) => {
    const ok = await confirmDanger({
      title: t('landings.deleteGroupTitle'),
      message: t('landings.deleteMessage', { name: group.name }),
    });
    if (!ok) return;
    try {
      await deleteLandingGroup(group.id);
      await groups.refetch();
    } catch (cause) {
      fail(cause);
    }
  };
  const move = (index: number, by: number) => {
    const next = [...landingIds];
    const [item] = next.splice(index, 1);
    if (item === undefined) return;
    next.splice(Math.max(0, Math.min(next.length, index + by)), 0, item);
    setLandingIds(next);
  };

  return (
    <Paper withBorder p="md" mt="lg">
      <Stack>
        <Title order={2}>{t('landings.groups')}</Title>
        <Table withTableBorder data-testid="groups-table">
          <Table.Tbody>
            {mine.map((group) => {
              const url = `${window.location.origin}${group.publicPath}`;
              return (
                <Table.Tr key={group.id} data-group={group.name}>
                  <Table.Td>{group.name}</Table.Td>
                  <Table.Td>
                    {group.landingIds.map((id, index) => `${index + 1}. ${names.get(id) ?? id}`).join('  ')}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Anchor
                        href={url}
                        target="_blank"
                        rel="noopener"
                        data-testid="group-public-url"
                        size="sm"
                      >
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
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => {
                          setEditing(group);
                          setName(group.name);
                          setLandingIds(group.landingIds);
                        }}
                      >
                        {t('landings.edit')}
                      </Button>
                      <Button
                        size="compact-xs"
                        color="red"
                        variant="light"
                        onClick={() => void remove(group)}
                      >
                        {t('landings.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Title order={4}>{editing ? t('landings.editGroup') : t('landings.newGroup')}</Title>
        <TextInput
          label={t('landings.groupName')}
          description={t('landings.groupNameHelp')}
          value={name}
          error={nameError}
          onChange={(event) => setName(event.currentTarget.value)}
          data-testid="group-name"
          maw={400}
        />
        <MultiSelect
          label={t('landings.groupLandings')}
          searchable
          data={landings.map((landing) => ({ value: landing.id, label: landing.name }))}
          value={landingIds}
          onChange={setLandingIds}
          data-testid="group-landings"
          maw={600}
        />
        {landingIds.length > 1 ? (
          <Stack gap={2}>
            {landingIds.map((id, index) => (
              <Group key={id} gap={4}>
                <Text size="sm" w={24}>
                  {index + 1}.
                </Text>
                <Text size="sm">{names.get(id) ?? id}</Text>
                <ActionIcon
                  size="sm"
                  variant="default"
                  aria-label={t('builder.moveUp')}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  size="sm"
                  variant="default"
                  aria-label={t('builder.moveDown')}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        ) : null}
        <Group>
          <Button onClick={() => void save()} data-testid="save-group">
            {t('landings.saveGroup')}
          </Button>
          {editing ? (
            <Button variant="default" onClick={reset}>
              {t('actions.cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
