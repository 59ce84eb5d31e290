import { Button, Group } from '@mantine/core';
import type { EntryRow } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, useTableState } from '../../components/data-table.tsx';
import { showApiError } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useBackOffice } from '../auth/index.ts';
import { useDepartmentLabel } from '../countries/index.ts';
import { entriesQuery, exportEntries } from './raffles.api.ts';

/** A raffle's entries, newest first, searched by identity number or name; CSV and XLSX export. */
export function EntriesPanel({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const departmentLabel = useDepartmentLabel();
  const { timeZone, locale } = useBackOffice();
  const table = useTableState();
  const entries = useQuery(entriesQuery(campaignId, table.state));
  const download = (format: 'csv' | 'xlsx') =>
    void exportEntries(campaignId, format, table.state.q).catch((error) => showApiError(error));
  const columns: Column<EntryRow>[] = [
    { key: 'id', label: t('raffles.entries.id'), render: (e) => e.id },
    {
      key: 'createdAt',
      label: t('raffles.entries.createdAt'),
      render: (e) => formatDateTime(e.createdAt, timeZone, locale),
    },
    { key: 'cedula', label: t('raffles.entries.cedula'), render: (e) => e.cedula },
    { key: 'name', label: t('raffles.entries.name'), render: (e) => e.name ?? '' },
    { key: 'department', label: departmentLabel, render: (e) => e.department ?? '' },
    { key: 'points', label: t('raffles.entries.points'), render: (e) => e.points },
    { key: 'code', label: t('raffles.entries.code'), render: (e) => e.code ?? '' },
  ];
  return (
    <DataTable
      caption={t('raffles.entries.caption')}
      columns={columns}
      data={entries.data}
      isLoading={entries.isLoading}
      error={entries.error}
      onRetry={() => void entries.refetch()}
      rowKey={(e) => e.id}
      table={table}
      toolbar={
        <Group>
          <Button variant="light" onClick={() => download('csv')}>
            {t('raffles.entries.exportCsv')}
          </Button>
          <Button variant="light" onClick={() => download('xlsx')}>
            {t('raffles.entries.exportXlsx')}
          </Button>
        </Group>
      }
    />
  );
}
