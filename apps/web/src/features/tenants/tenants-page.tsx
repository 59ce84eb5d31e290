import { Badge, Button, Menu, Stack, Title } from '@mantine/core';
import type { Tenant } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { confirmDanger } from '../../components/confirm.tsx';
import { type Column, DataTable, useTableState } from '../../components/data-table.tsx';
import { showApiError } from '../../lib/form-errors.ts';
import { formatDate } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { CreateTenantForm, EditTenantForm } from './tenant-forms.tsx';
import { tenantsQuery } from './tenants.api.ts';
import { useUpdateTenant } from './tenants.hooks.ts';
import { ThemeEditor } from './theme-editor.tsx';

export function TenantsPage() {
  const { t } = useTranslation();
  const { timeZone, locale } = useBackOffice();
  const table = useTableState({ sort: 'slug' });
  const tenants = useQuery(tenantsQuery(table.state));

  const setStatus = useUpdateTenant({
    onSuccess: (tenant) => {
      showToast('success', t(tenant.status === 'suspended' ? 'tenants.suspended' : 'tenants.activated'));
    },
    onError: (error) => showApiError(error),
  });

  const handleCreate = () => {
    const id = openAppModal({
      title: t('tenants.create'),
      children: <CreateTenantForm onDone={() => closeAppModal(id)} />,
    });
  };
  const handleEdit = (tenant: Tenant) => {
    const id = openAppModal({
      title: t('tenants.edit', { name: tenant.name }),
      children: <EditTenantForm tenant={tenant} onDone={() => closeAppModal(id)} />,
    });
  };
  const handleTheme = (tenant: Tenant) => {
    const id = openAppModal({
      title: t('themeEditor.title', { name: tenant.name }),
      children: <ThemeEditor tenant={tenant} onDone={() => closeAppModal(id)} />,
    });
  };
  const handleStatus = async (tenant: Tenant) => {
    if (tenant.status === 'active') {
      const isConfirmed = await confirmDanger({
        title: t('tenants.suspendTitle'),
        message: t('tenants.suspendConfirm', { name: tenant.name }),
        confirmLabel: t('tenants.suspend'),
      });
      if (!isConfirmed) return;
      setStatus.mutate({ id: tenant.id, changes: { status: 'suspended' } });
    } else {
      setStatus.mutate({ id: tenant.id, changes: { status: 'active' } });
    }
  };

  const columns: Column<Tenant>[] = [
    { key: 'slug', label: t('tenants.slug'), isSortable: true, render: (tenant) => tenant.slug },
    { key: 'name', label: t('tenants.name'), isSortable: true, render: (tenant) => tenant.name },
    { key: 'countryCode', label: t('tenants.country'), render: (tenant) => tenant.countryCode },
    {
      key: 'status',
      label: t('tenants.status'),
      isSortable: true,
      render: (tenant) => (
        <Badge color={tenant.status === 'active' ? 'green' : 'gray'} variant="light">
          {t(`tenants.statuses.${tenant.status}`)}
        </Badge>
      ),
    },
    {
      key: 'createdAt',
      label: t('tenants.createdAt'),
      isSortable: true,
      render: (tenant) => formatDate(tenant.createdAt, timeZone, locale),
    },
  ];

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('tenants.title')}
      </Title>
      <DataTable
        caption={t('tenants.caption')}
        columns={columns}
        data={tenants.data}
        isLoading={tenants.isLoading}
        error={tenants.error}
        onRetry={() => void tenants.refetch()}
        rowKey={(tenant) => tenant.id}
        table={table}
        toolbar={<Button onClick={handleCreate}>{t('tenants.create')}</Button>}
        actions={(tenant) => (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button size="xs" variant="subtle" aria-label={t('table.actionsFor', { name: tenant.slug })}>
                {t('table.actions')} ▾
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => handleEdit(tenant)}>{t('actions.edit')}</Menu.Item>
              <Menu.Item onClick={() => handleTheme(tenant)}>{t('themeEditor.open')}</Menu.Item>
              <Menu.Item
                color={tenant.status === 'active' ? 'red' : undefined}
                onClick={() => void handleStatus(tenant)}
              >
                {tenant.status === 'active' ? t('tenants.suspend') : t('tenants.activate')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      />
    </Stack>
  );
}
