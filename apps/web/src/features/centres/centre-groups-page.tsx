import { Badge, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { type CentreGroup, CentreGroupInput } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { confirmDanger } from '../../components/confirm.tsx';
import { type Column, DataTable, useTableState } from '../../components/data-table.tsx';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { CentreMultiSelect } from './centre-pickers.tsx';
import { centreGroupsQuery, centreOptionsQuery } from './centres.api.ts';
import { useDeleteCentreGroup, useSaveCentreGroup } from './centres.hooks.ts';
import { localPage } from './local-page.ts';

function CentreGroupForm({ group, onDone }: { group?: CentreGroup; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: contractResolver(CentreGroupInput),
    defaultValues: { name: group?.name ?? '', centreIds: group?.centreIds ?? [] },
  });
  const mutation = useSaveCentreGroup(group?.id, {
    onSuccess: () => {
      showToast('success', group ? t('centreGroups.updated') : t('centreGroups.created'));
      onDone();
    },
    onError: (error) => showApiError(error, form.setError, ['name', 'centreIds']),
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
      <Stack>
        <TextInput
          label={t('centreGroups.name')}
          data-autofocus
          {...form.register('name')}
          error={fieldMessage(errors.name)}
        />
        <Controller
          control={form.control}
          name="centreIds"
          render={({ field }) => (
            <CentreMultiSelect
              value={field.value}
              onChange={field.onChange}
              error={fieldMessage(errors.centreIds as never)}
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

export function CentreGroupsPage() {
  const { t } = useTranslation();
  const { role } = useBackOffice();
  const table = useTableState({ sort: 'name' });
  const groups = useQuery(centreGroupsQuery());
  const centres = useQuery(centreOptionsQuery());
  const page = useMemo(() => localPage(groups.data, table.state), [groups.data, table.state]);
  const names = new Map((centres.data ?? []).map((centre) => [centre.id, `${centre.code} · ${centre.name}`]));
  const isAdmin = role === 'ADMIN';

  const remove = useDeleteCentreGroup({
    onSuccess: () => showToast('success', t('centreGroups.deleted')),
    onError: (error) => showApiError(error),
  });
  const openForm = (group?: CentreGroup) => {
    const id = openAppModal({
      title: group ? t('centreGroups.editNamed', { name: group.name }) : t('centreGroups.create'),
      children: <CentreGroupForm {...(group ? { group } : {})} onDone={() => closeAppModal(id)} />,
    });
  };
  const handleDelete = async (group: CentreGroup) => {
    const isConfirmed = await confirmDanger({
      title: t('centreGroups.deleteTitle'),
      message: t('centreGroups.deleteConfirm', { name: group.name }),
      confirmLabel: t('actions.delete'),
    });
    if (isConfirmed) remove.mutate(group.id);
  };

  const columns: Column<CentreGroup>[] = [
    { key: 'name', label: t('centreGroups.name'), isSortable: true, render: (group) => group.name },
    {
      key: 'centres',
      label: t('centres.centres'),
      render: (group) => (
        <Group gap={4}>
          {group.centreIds.map((id) => (
            <Badge key={id} variant="light" tt="none">
              {names.get(id) ?? id}
            </Badge>
          ))}
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('centreGroups.title')}
      </Title>
      <DataTable
        caption={t('centreGroups.caption')}
        columns={columns}
        data={page}
        isLoading={groups.isLoading}
        error={groups.error}
        onRetry={() => void groups.refetch()}
        rowKey={(group) => group.id}
        table={table}
        toolbar={isAdmin && <Button onClick={() => openForm()}>{t('centreGroups.create')}</Button>}
        actions={
          isAdmin
            ? (group) => (
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => openForm(group)}
                    aria-label={t('centreGroups.editNamed', { name: group.name })}
                  >
                    {t('actions.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => void handleDelete(group)}
                    aria-label={t('centreGroups.deleteNamed', { name: group.name })}
                  >
                    {t('actions.delete')}
                  </Button>
                </Group>
              )
            : undefined
        }
      />
    </Stack>
  );
}
