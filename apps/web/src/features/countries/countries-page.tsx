import { Button, Group, Stack, Title } from '@mantine/core';
import type { Country, Page } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { confirmDanger } from '../../components/confirm.tsx';
import { type Column, DataTable, type TableState, useTableState } from '../../components/data-table.tsx';
import { showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { countriesQuery } from './countries.api.ts';
import { useDeleteCountry } from './countries.hooks.ts';
import { CountryForm } from './country-form.tsx';

const SORTABLE: Record<string, (country: Country) => string> = {
  code: (country) => country.code,
  name: (country) => country.name,
};

/** The countries call answers the whole (short) list, so this page pages and sorts it locally. */
function pageOf(countries: Country[] | undefined, state: TableState): Page<Country> | undefined {
  if (!countries) return undefined;
  const q = state.q.toLocaleLowerCase('es');
  const filtered = q
    ? countries.filter((country) => `${country.code} ${country.name}`.toLocaleLowerCase('es').includes(q))
    : countries;
  const key = state.sort?.replace('-', '') ?? 'code';
  const read = SORTABLE[key] ?? SORTABLE.code;
  const sorted = [...filtered].sort((a, b) => (read ? read(a).localeCompare(read(b), 'es') : 0));
  if (state.sort?.startsWith('-')) sorted.reverse();
  const start = (state.page - 1) * state.pageSize;
  return { items: sorted.slice(start, start + state.pageSize), total: sorted.length, ...state };
}

export function CountriesPage() {
  const { t } = useTranslation();
  const table = useTableState({ sort: 'code' });
  const countries = useQuery(countriesQuery());
  const page = useMemo(() => pageOf(countries.data, table.state), [countries.data, table.state]);

  const remove = useDeleteCountry({
    onSuccess: () => showToast('success', t('countries.deleted')),
    onError: (error) => showApiError(error),
  });

  const handleOpen = (country?: Country) => {
    const id = openAppModal({
      title: country ? t('countries.edit', { name: country.name }) : t('countries.create'),
      children: <CountryForm country={country} onDone={() => closeAppModal(id)} />,
    });
  };
  const handleDelete = async (country: Country) => {
    const isConfirmed = await confirmDanger({
      title: t('countries.deleteTitle'),
      message: t('countries.deleteConfirm', { name: country.name }),
      confirmLabel: t('actions.delete'),
    });
    if (isConfirmed) remove.mutate(country.code);
  };

  const columns: Column<Country>[] = [
    { key: 'code', label: t('countries.code'), isSortable: true, render: (country) => country.code },
    { key: 'name', label: t('countries.name'), isSortable: true, render: (country) => country.name },
    { key: 'timeZone', label: t('countries.timeZone'), render: (country) => country.timeZone },
    { key: 'currency', label: t('countries.currency'), render: (country) => country.currency },
    {
      key: 'departments',
      label: t('countries.departments'),
      render: (country) => t('countries.departmentCount', { count: country.departments.length }),
    },
  ];

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('countries.title')}
      </Title>
      <DataTable
        caption={t('countries.caption')}
        columns={columns}
        data={page}
        isLoading={countries.isLoading}
        error={countries.error}
        onRetry={() => void countries.refetch()}
        rowKey={(country) => country.code}
        table={table}
        toolbar={<Button onClick={() => handleOpen()}>{t('countries.create')}</Button>}
        actions={(country) => (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" onClick={() => handleOpen(country)}>
              {t('actions.edit')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => void handleDelete(country)}>
              {t('actions.delete')}
            </Button>
          </Group>
        )}
      />
    </Stack>
  );
}
