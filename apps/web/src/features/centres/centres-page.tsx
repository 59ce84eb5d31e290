import { Badge, Button, Group, Select, Stack, Title } from '@mantine/core';
import { type Centre, UPLOAD_LIMITS } from '@promo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { confirmDanger } from '../../components/confirm.tsx';
import { CsvUploadForm } from '../../components/csv-upload.tsx';
import { type Column, DataTable, useTableState } from '../../components/data-table.tsx';
import { ApiError } from '../../lib/api.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { useDepartmentLabel } from '../countries/index.ts';
import { CentreForm } from './centre-form.tsx';
import { centreKeys, centresQuery, uploadCentres } from './centres.api.ts';
import { useDeleteCentre } from './centres.hooks.ts';

/** CSV of centres with its per-row report. */
function UploadCentres() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <CsvUploadForm
      help={t('centres.uploadHelp')}
      limit={UPLOAD_LIMITS.centres.label}
      upload={uploadCentres}
      onUploaded={() => queryClient.invalidateQueries({ queryKey: centreKeys.all })}
    />
  );
}

export function CentresPage() {
  const { t } = useTranslation();
  const departmentLabel = useDepartmentLabel();
  const { role } = useBackOffice();
  const table = useTableState({ sort: 'code' });
  const [active, setActive] = useState<'true' | 'false' | undefined>();
  const centres = useQuery(centresQuery({ ...table.state, active }));
  const isAdmin = role === 'ADMIN';

  const remove = useDeleteCentre({
    onSuccess: () => showToast('success', t('centres.deleted')),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CENTRE_IN_USE') showToast('alert', error.message);
      else showApiError(error);
    },
  });

  const openForm = (centre?: Centre) => {
    const id = openAppModal({
      title: centre ? t('centres.editNamed', { name: centre.name }) : t('centres.create'),
      children: <CentreForm {...(centre ? { centre } : {})} onDone={() => closeAppModal(id)} />,
    });
  };
  const openUpload = () => {
    openAppModal({ title: t('centres.upload'), children: <UploadCentres /> });
  };
  const handleDelete = async (centre: Centre) => {
    const isConfirmed = await confirmDanger({
      title: t('centres.deleteTitle'),
      message: t('centres.deleteConfirm', { name: `${centre.code} · ${centre.name}` }),
      confirmLabel: t('actions.delete'),
    });
    if (isConfirmed) remove.mutate(centre.id);
  };

  const columns: Column<Centre>[] = [
    { key: 'code', label: t('centres.code'), isSortable: true, render: (centre) => centre.code },
    { key: 'name', label: t('centres.name'), isSortable: true, render: (centre) => centre.name },
    {
      key: 'department',
      label: departmentLabel,
      isSortable: true,
      render: (centre) => centre.department ?? '',
    },
    { key: 'address', label: t('centres.address'), render: (centre) => centre.address ?? '' },
    {
      key: 'coordinates',
      label: t('centres.coordinates'),
      render: (centre) => `${centre.latitude}, ${centre.longitude}`,
    },
    { key: 'phone', label: t('centres.phone'), render: (centre) => centre.phone ?? '' },
    { key: 'hours', label: t('centres.hours'), render: (centre) => centre.hours ?? '' },
    {
      key: 'active',
      label: t('centres.active'),
      render: (centre) => (
        <Badge variant="light" color={centre.active ? 'green' : 'gray'}>
          {centre.active ? t('centres.isActive') : t('centres.isInactive')}
        </Badge>
      ),
    },
  ];

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('centres.title')}
      </Title>
      <Select
        label={t('centres.active')}
        placeholder={t('common.all')}
        data={[
          { value: 'true', label: t('centres.isActive') },
          { value: 'false', label: t('centres.isInactive') },
        ]}
        value={active ?? null}
        onChange={(value) => {
          setActive((value ?? undefined) as 'true' | 'false' | undefined);
          table.setPage(1);
        }}
        clearable
        w={200}
      />
      <DataTable
        caption={t('centres.caption')}
        columns={columns}
        data={centres.data}
        isLoading={centres.isLoading}
        error={centres.error}
        onRetry={() => void centres.refetch()}
        rowKey={(centre) => centre.id}
        table={table}
        toolbar={
          isAdmin && (
            <Group>
              <Button variant="default" onClick={openUpload}>
                {t('centres.upload')}
              </Button>
              <Button onClick={() => openForm()}>{t('centres.create')}</Button>
            </Group>
          )
        }
        actions={
          isAdmin
            ? (centre) => (
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => openForm(centre)}
                    aria-label={t('centres.editNamed', { name: centre.name })}
                  >
                    {t('actions.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => void handleDelete(centre)}
                    aria-label={t('centres.deleteNamed', { name: centre.name })}
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
