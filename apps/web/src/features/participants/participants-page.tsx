import { Button, Group, Menu, Stack, Tabs, Text, Title } from '@mantine/core';
import type { Participant } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { confirmDanger } from '../../components/confirm.tsx';
import { type Column, DataTable, useTableState } from '../../components/data-table.tsx';
import { showApiError } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { useDepartmentLabel } from '../countries/index.ts';
import { CreateParticipantForm } from './create-participant-form.tsx';
import { ParticipantLookup } from './participant-lookup.tsx';
import { exportParticipant, participantsQuery } from './participants.api.ts';
import { useEraseParticipant, useExportParticipants } from './participants.hooks.ts';
import { UploadParticipants } from './upload-participants.tsx';

function PeopleTable() {
  const { t } = useTranslation();
  const departmentLabel = useDepartmentLabel();
  const { timeZone, locale, role } = useBackOffice();
  const table = useTableState({ sort: '-createdAt' });
  const people = useQuery(participantsQuery(table.state));
  const isAdmin = role === 'ADMIN';
  const erase = useEraseParticipant({
    onSuccess: () => showToast('success', t('crm.erasedDone')),
    onError: (error) => showApiError(error),
  });
  const exportAll = useExportParticipants({ onError: (error) => showApiError(error) });
  const handleErase = async (person: Participant) => {
    const isConfirmed = await confirmDanger({
      title: t('crm.eraseTitle'),
      message: t('crm.eraseConfirm', { cedula: person.cedula ?? person.id }),
      confirmLabel: t('crm.erase'),
    });
    if (isConfirmed) erase.mutate(person.id);
  };
  const columns: Column<Participant>[] = [
    { key: 'cedula', label: t('crm.cedula'), isSortable: true, render: (person) => person.cedula ?? '—' },
    { key: 'name', label: t('crm.name'), isSortable: true, render: (person) => person.name ?? '—' },
    { key: 'email', label: t('crm.email'), render: (person) => person.email ?? '—' },
    { key: 'phone', label: t('crm.phone'), render: (person) => person.phone ?? '—' },
    {
      key: 'department',
      label: departmentLabel,
      isSortable: true,
      render: (person) => person.department ?? '—',
    },
    { key: 'participations', label: t('crm.participations'), render: (person) => person.participations },
    {
      key: 'createdAt',
      label: t('crm.createdAt'),
      isSortable: true,
      render: (person) =>
        person.erased ? (
          <Text size="sm" c="dimmed">
            {t('crm.erased')}
          </Text>
        ) : (
          formatDateTime(person.createdAt, timeZone, locale)
        ),
    },
  ];
  return (
    <DataTable
      caption={t('crm.caption')}
      columns={columns}
      data={people.data}
      isLoading={people.isLoading}
      error={people.error}
      onRetry={() => void people.refetch()}
      rowKey={(person) => person.id}
      table={table}
      toolbar={
        <Button variant="light" onClick={() => exportAll.mutate()} loading={exportAll.isPending}>
          {t('crm.exportCsv')}
        </Button>
      }
      actions={
        isAdmin
          ? (person) => (
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button
                    size="xs"
                    variant="subtle"
                    aria-label={t('table.actionsFor', { name: person.cedula ?? person.id })}
                  >
                    {t('table.actions')} ▾
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    onClick={() =>
                      exportParticipant(person.id).catch((error: unknown) => showApiError(error))
                    }
                  >
                    {t('crm.exportJson')}
                  </Menu.Item>
                  {!person.erased && (
                    <Menu.Item color="red" onClick={() => void handleErase(person)}>
                      {t('crm.erase')}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )
          : undefined
      }
    />
  );
}

const TABS = ['people', 'lookup', 'create', 'upload'] as const;

export function ParticipantsPage() {
  const { t } = useTranslation();
  const { role } = useBackOffice();
  const [search, setSearch] = useSearchParams();
  const tabs = TABS.filter((tab) => role === 'ADMIN' || tab === 'people' || tab === 'lookup');
  const requested = search.get('tab');
  const tab = tabs.find((value) => value === requested) ?? 'people';
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('crm.title')}
        </Title>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => setSearch(value && value !== 'people' ? { tab: value } : {}, { replace: true })}
      >
        <Tabs.List>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`crm.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="people" pt="md">
          {tab === 'people' && <PeopleTable />}
        </Tabs.Panel>
        <Tabs.Panel value="lookup" pt="md">
          {tab === 'lookup' && <ParticipantLookup />}
        </Tabs.Panel>
        <Tabs.Panel value="create" pt="md">
          {tab === 'create' && <CreateParticipantForm />}
        </Tabs.Panel>
        <Tabs.Panel value="upload" pt="md">
          {tab === 'upload' && <UploadParticipants />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
