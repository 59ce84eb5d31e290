import { Badge, Button, Group, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import {
  BLACKLIST_KINDS,
  type BlacklistEntry,
  type BlacklistKind,
  CreateBlacklistEntry,
} from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { confirmDanger } from '../../components/confirm.tsx';
import { type Column, DataTable, useTableState } from '../../components/data-table.tsx';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { campaignOptionsQuery } from '../campaigns/index.ts';
import { blacklistQuery } from './blacklist.api.ts';
import { useAddBlacklistEntry, useRemoveBlacklistEntry } from './blacklist.hooks.ts';

function BlacklistForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const campaigns = useQuery(campaignOptionsQuery());
  const form = useForm({
    resolver: contractResolver(CreateBlacklistEntry),
    defaultValues: { kind: 'cedula' as BlacklistKind, value: '', reason: '', campaignId: undefined },
  });
  const mutation = useAddBlacklistEntry({
    onSuccess: () => {
      showToast('success', t('blacklist.added'));
      onDone();
    },
    onError: (error) => showApiError(error, form.setError, ['kind', 'value', 'reason', 'campaignId']),
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
      <Stack>
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <Select
              label={t('blacklist.kind')}
              data={BLACKLIST_KINDS.map((kind) => ({ value: kind, label: t(`blacklist.kinds.${kind}`) }))}
              value={field.value}
              onChange={(value) => field.onChange(value ?? 'cedula')}
              allowDeselect={false}
              error={fieldMessage(errors.kind)}
            />
          )}
        />
        <TextInput
          label={t('blacklist.value')}
          data-autofocus
          autoComplete="off"
          {...form.register('value')}
          error={fieldMessage(errors.value)}
        />
        <Textarea
          label={t('blacklist.reason')}
          autosize
          minRows={2}
          {...form.register('reason')}
          error={fieldMessage(errors.reason)}
        />
        <Controller
          control={form.control}
          name="campaignId"
          render={({ field }) => (
            <Select
              label={t('blacklist.campaign')}
              description={t('blacklist.campaignHelp')}
              placeholder={t('blacklist.allCampaigns')}
              data={(campaigns.data ?? []).map((campaign) => ({
                value: campaign.id,
                label: `${campaign.title} (${campaign.name})`,
              }))}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value ?? undefined)}
              clearable
              searchable
              error={fieldMessage(errors.campaignId)}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('blacklist.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function BlacklistPage() {
  const { t } = useTranslation();
  const { timeZone, locale, role } = useBackOffice();
  const table = useTableState({ sort: '-createdAt' });
  const [kind, setKind] = useState<BlacklistKind | undefined>();
  const entries = useQuery(blacklistQuery({ ...table.state, kind }));
  const campaigns = useQuery(campaignOptionsQuery());
  const titles = new Map((campaigns.data ?? []).map((campaign) => [campaign.id, campaign.title]));
  const isAdmin = role === 'ADMIN';

  const remove = useRemoveBlacklistEntry({
    onSuccess: () => showToast('success', t('blacklist.removed')),
    onError: (error) => showApiError(error),
  });
  const handleAdd = () => {
    const id = openAppModal({
      title: t('blacklist.add'),
      children: <BlacklistForm onDone={() => closeAppModal(id)} />,
    });
  };
  const handleRemove = async (entry: BlacklistEntry) => {
    const isConfirmed = await confirmDanger({
      title: t('blacklist.removeTitle'),
      message: t('blacklist.removeConfirm', { value: entry.value }),
      confirmLabel: t('actions.delete'),
    });
    if (isConfirmed) remove.mutate(entry.id);
  };

  const columns: Column<BlacklistEntry>[] = [
    {
      key: 'kind',
      label: t('blacklist.kind'),
      isSortable: true,
      render: (entry) => <Badge variant="light">{t(`blacklist.kinds.${entry.kind}`)}</Badge>,
    },
    { key: 'value', label: t('blacklist.value'), isSortable: true, render: (entry) => entry.value },
    { key: 'reason', label: t('blacklist.reason'), render: (entry) => entry.reason },
    {
      key: 'campaign',
      label: t('blacklist.campaign'),
      render: (entry) =>
        entry.campaignId ? (titles.get(entry.campaignId) ?? entry.campaignId) : t('blacklist.allCampaigns'),
    },
    {
      key: 'createdAt',
      label: t('blacklist.createdAt'),
      isSortable: true,
      render: (entry) => formatDateTime(entry.createdAt, timeZone, locale),
    },
  ];

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('blacklist.title')}
      </Title>
      <Select
        label={t('blacklist.kind')}
        placeholder={t('common.all')}
        data={BLACKLIST_KINDS.map((value) => ({ value, label: t(`blacklist.kinds.${value}`) }))}
        value={kind ?? null}
        onChange={(value) => {
          setKind((value ?? undefined) as BlacklistKind | undefined);
          table.setPage(1);
        }}
        clearable
        w={200}
      />
      <DataTable
        caption={t('blacklist.caption')}
        columns={columns}
        data={entries.data}
        isLoading={entries.isLoading}
        error={entries.error}
        onRetry={() => void entries.refetch()}
        rowKey={(entry) => entry.id}
        table={table}
        toolbar={isAdmin && <Button onClick={handleAdd}>{t('blacklist.add')}</Button>}
        actions={
          isAdmin
            ? (entry) => (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void handleRemove(entry)}
                  aria-label={t('blacklist.removeNamed', { value: entry.value })}
                >
                  {t('actions.delete')}
                </Button>
              )
            : undefined
        }
      />
    </Stack>
  );
}
