import { Alert, Badge, Button, Code, CopyButton, Menu, Stack, Text, Title } from '@mantine/core';
import type { User } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { confirmDanger } from '../../components/confirm.tsx';
import { type Column, DataTable, useTableState } from '../../components/data-table.tsx';
import { SidePanel } from '../../components/side-panel.tsx';
import { showApiError } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { CreateUserForm, EditUserForm } from './user-form.tsx';
import { usersQuery } from './users.api.ts';
import { useCreateResetLink, useDeleteUser } from './users.hooks.ts';

function ResetLink({ link, expiresAt, timeZone }: { link: string; expiresAt: string; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack>
      <Text size="sm">
        {t('users.resetLinkHelp', {
          until: formatDateTime(expiresAt, timeZone, i18n.language === 'en' ? 'en' : 'es'),
        })}
      </Text>
      <Code block data-testid="reset-link">
        {link}
      </Code>
      <CopyButton value={link}>
        {({ copied, copy }) => (
          <Button onClick={copy} variant="light" w="fit-content">
            {copied ? t('actions.copied') : t('actions.copy')}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

function UserDetails({ user, timeZone, locale }: { user: User; timeZone?: string; locale: 'es' | 'en' }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('users.username'), user.username],
    [t('users.name'), user.name ?? '—'],
    [t('users.email'), user.email ?? '—'],
    [t('users.role'), t(`roles.${user.role}`)],
    [t('users.active'), user.active ? t('common.yes') : t('common.no')],
    [t('users.createdAt'), formatDateTime(user.createdAt, timeZone, locale)],
    [t('users.lastLogin'), formatDateTime(user.lastLoginAt, timeZone, locale) || '—'],
  ];
  return (
    <Stack gap="xs" component="dl">
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text size="sm" c="dimmed" component="dt">
            {label}
          </Text>
          <Text component="dd" m={0}>
            {value}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

export function UsersPage() {
  const { t } = useTranslation();
  const { timeZone, locale, userId } = useBackOffice();
  const table = useTableState({ sort: 'username' });
  const [shownUser, setShownUser] = useState<User | null>(null);
  const users = useQuery(usersQuery(table.state));

  const remove = useDeleteUser({
    onSuccess: () => showToast('success', t('users.deleted')),
    onError: (error) => showApiError(error),
  });
  const resetLink = useCreateResetLink({
    onSuccess: (result) =>
      openAppModal({
        title: t('users.resetLinkTitle'),
        children: <ResetLink {...result} timeZone={timeZone} />,
      }),
    onError: (error) => showApiError(error),
  });

  const handleCreate = () => {
    const id = openAppModal({
      title: t('users.create'),
      children: <CreateUserForm onDone={() => closeAppModal(id)} />,
    });
  };
  const handleEdit = (user: User) => {
    const id = openAppModal({
      title: t('users.edit', { username: user.username }),
      children: <EditUserForm user={user} onDone={() => closeAppModal(id)} />,
    });
  };
  const handleDelete = async (user: User) => {
    const isConfirmed = await confirmDanger({
      title: t('users.deleteTitle'),
      message: t('users.deleteConfirm', { username: user.username }),
      confirmLabel: t('actions.delete'),
    });
    if (isConfirmed) remove.mutate(user.id);
  };

  const columns: Column<User>[] = [
    { key: 'username', label: t('users.username'), isSortable: true, render: (user) => user.username },
    { key: 'name', label: t('users.name'), isSortable: true, render: (user) => user.name ?? '—' },
    { key: 'email', label: t('users.email'), render: (user) => user.email ?? '—' },
    {
      key: 'role',
      label: t('users.role'),
      isSortable: true,
      render: (user) => <Badge variant="light">{t(`roles.${user.role}`)}</Badge>,
    },
    {
      key: 'lastLoginAt',
      label: t('users.lastLogin'),
      isSortable: true,
      render: (user) => formatDateTime(user.lastLoginAt, timeZone, locale) || '—',
    },
  ];

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('users.title')}
      </Title>
      {remove.isError && <Alert color="red">{remove.error.message}</Alert>}
      <DataTable
        caption={t('users.caption')}
        columns={columns}
        data={users.data}
        isLoading={users.isLoading}
        error={users.error}
        onRetry={() => void users.refetch()}
        rowKey={(user) => user.id}
        table={table}
        toolbar={<Button onClick={handleCreate}>{t('users.create')}</Button>}
        actions={(user) => (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button size="xs" variant="subtle" aria-label={t('table.actionsFor', { name: user.username })}>
                {t('table.actions')} ▾
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setShownUser(user)}>{t('users.details')}</Menu.Item>
              <Menu.Item onClick={() => handleEdit(user)}>{t('actions.edit')}</Menu.Item>
              <Menu.Item onClick={() => resetLink.mutate(user.id)}>{t('users.resetLink')}</Menu.Item>
              {user.id !== userId && (
                <Menu.Item color="red" onClick={() => void handleDelete(user)}>
                  {t('actions.delete')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      />
      <SidePanel opened={shownUser !== null} onClose={() => setShownUser(null)} title={t('users.details')}>
        {shownUser && <UserDetails user={shownUser} timeZone={timeZone} locale={locale} />}
      </SidePanel>
    </Stack>
  );
}
