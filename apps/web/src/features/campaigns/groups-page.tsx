import {
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  MultiSelect,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type CampaignGroup, CampaignGroupInput, type Page } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { confirmDanger } from '../../components/confirm.tsx';
import { type Column, DataTable, type TableState, useTableState } from '../../components/data-table.tsx';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { pagesPath } from '../../lib/paths.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { campaignOptionsQuery, groupsQuery } from './campaigns.api.ts';
import { useDeleteGroup, useSaveGroup } from './campaigns.hooks.ts';

/** The groups call answers the whole list: this page searches, sorts and pages it locally. */
function pageOf(groups: CampaignGroup[] | undefined, state: TableState): Page<CampaignGroup> | undefined {
  if (!groups) return undefined;
  const q = state.q.toLocaleLowerCase('es');
  const filtered = q ? groups.filter((group) => group.name.toLocaleLowerCase('es').includes(q)) : groups;
  const sorted = [...filtered].sort((a, b) => a.name.localeCompare(b.name, 'es'));
  if (state.sort === '-name') sorted.reverse();
  const start = (state.page - 1) * state.pageSize;
  return { items: sorted.slice(start, start + state.pageSize), total: sorted.length, ...state };
}

function GroupForm({ group, onDone }: { group?: CampaignGroup; onDone: () => void }) {
  const { t } = useTranslation();
  const campaigns = useQuery(campaignOptionsQuery());
  const form = useForm({
    resolver: contractResolver(CampaignGroupInput),
    defaultValues: {
      name: group?.name ?? '',
      description: group?.description ?? undefined,
      campaignIds: group?.campaignIds ?? [],
    },
  });
  const mutation = useSaveGroup(group?.id, {
    onSuccess: () => {
      showToast('success', group ? t('groups.updated') : t('groups.created'));
      onDone();
    },
    onError: (error) => showApiError(error, form.setError, ['name', 'description', 'campaignIds']),
  });
  const { errors } = form.formState;
  const options = (campaigns.data ?? []).map((campaign) => ({
    value: campaign.id,
    label: `${campaign.title} (${campaign.name})`,
  }));
  return (
    <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
      <Stack>
        <TextInput
          label={t('groups.name')}
          data-autofocus
          {...form.register('name')}
          error={fieldMessage(errors.name)}
        />
        <Textarea
          label={t('groups.description')}
          autosize
          minRows={2}
          {...form.register('description', {
            setValueAs: (value: string) => (value?.trim() ? value.trim() : undefined),
          })}
          error={fieldMessage(errors.description)}
        />
        <Controller
          control={form.control}
          name="campaignIds"
          render={({ field }) => (
            <MultiSelect
              label={t('groups.campaigns')}
              data={options}
              value={field.value}
              onChange={field.onChange}
              searchable
              error={fieldMessage(errors.campaignIds as never)}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {group ? t('actions.save') : t('actions.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function GroupsPage() {
  const { t } = useTranslation();
  const { role } = useBackOffice();
  const { tenant } = useParams();
  const table = useTableState({ sort: 'name' });
  const groups = useQuery(groupsQuery());
  const campaigns = useQuery(campaignOptionsQuery());
  const page = useMemo(() => pageOf(groups.data, table.state), [groups.data, table.state]);
  const titles = new Map((campaigns.data ?? []).map((campaign) => [campaign.id, campaign.title]));
  const isAdmin = role === 'ADMIN';

  const remove = useDeleteGroup({
    onSuccess: () => showToast('success', t('groups.deleted')),
    onError: (error) => showApiError(error),
  });
  const openForm = (group?: CampaignGroup) => {
    const id = openAppModal({
      title: group ? t('groups.edit', { name: group.name }) : t('groups.create'),
      children: <GroupForm group={group} onDone={() => closeAppModal(id)} />,
    });
  };
  const handleDelete = async (group: CampaignGroup) => {
    const isConfirmed = await confirmDanger({
      title: t('groups.deleteTitle'),
      message: t('groups.deleteConfirm', { name: group.name }),
      confirmLabel: t('actions.delete'),
    });
    if (isConfirmed) remove.mutate(group.id);
  };

  const columns: Column<CampaignGroup>[] = [
    { key: 'name', label: t('groups.name'), isSortable: true, render: (group) => group.name },
    {
      key: 'campaigns',
      label: t('groups.campaigns'),
      render: (group) => (
        <Group gap={4}>
          {group.campaignIds.map((id) => (
            <Badge key={id} variant="light" tt="none">
              {titles.get(id) ?? id}
            </Badge>
          ))}
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('groups.title')}
      </Title>
      <DataTable
        caption={t('groups.caption')}
        columns={columns}
        data={page}
        isLoading={groups.isLoading}
        error={groups.error}
        onRetry={() => void groups.refetch()}
        rowKey={(group) => group.id}
        table={table}
        toolbar={isAdmin && <Button onClick={() => openForm()}>{t('groups.create')}</Button>}
        actions={(group) => (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button size="xs" variant="subtle" aria-label={t('table.actionsFor', { name: group.name })}>
                {t('table.actions')} ▾
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component={Link} to={`${pagesPath(tenant, 'statistics')}?group=${group.id}`}>
                {t('groups.statistics')}
              </Menu.Item>
              {isAdmin && <Menu.Item onClick={() => openForm(group)}>{t('actions.edit')}</Menu.Item>}
              {isAdmin && (
                <Menu.Item color="red" onClick={() => void handleDelete(group)}>
                  {t('actions.delete')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      />
      <Anchor component={Link} to={pagesPath(tenant, 'campaigns')} size="sm">
        {t('groups.toCampaigns')}
      </Anchor>
    </Stack>
  );
}
