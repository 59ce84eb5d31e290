import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Page } from '@promo/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from './table-scroll.tsx';

export type Column<T> = {
  key: string;
  label: string;
  isSortable?: boolean;
  render: (row: T) => ReactNode;
};

export type TableState = { page: number; pageSize: number; sort: string | undefined; q: string };

/** Paging, sorting and search state of a server-side table; the search is debounced. */
export function useTableState(initial: { sort?: string; pageSize?: number } = {}) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<string | undefined>(initial.sort);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const pageSize = initial.pageSize ?? 20;
  useEffect(() => {
    if (q !== undefined) setPage(1);
  }, [q]);
  const state: TableState = { page, pageSize, sort, q };
  return { state, search, setSearch, setPage, setSort };
}

type Props<T> = {
  caption: string;
  columns: Column<T>[];
  data: Page<T> | undefined;
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
  rowKey: (row: T) => string;
  table: ReturnType<typeof useTableState>;
  actions?: (row: T) => ReactNode;
  toolbar?: ReactNode;
};

function sortIndicator(sort: string | undefined, key: string): 'ascending' | 'descending' | 'none' {
  if (sort === key) return 'ascending';
  if (sort === `-${key}`) return 'descending';
  return 'none';
}

/** A table whose paging, sorting and search happen on the server, with loading, empty and error states. */
export function DataTable<T>({
  caption,
  columns,
  data,
  isLoading,
  error,
  onRetry,
  rowKey,
  table,
  actions,
  toolbar,
}: Props<T>) {
  const { t } = useTranslation();
  const { state, search, setSearch, setPage, setSort } = table;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const handleSort = (key: string) => {
    setSort(state.sort === key ? `-${key}` : key);
    setPage(1);
  };

  let body: ReactNode;
  const span = columns.length + (actions ? 1 : 0);
  if (isLoading) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={span}>
          <Center py="lg">
            <Loader size="sm" aria-label={t('table.loading')} />
          </Center>
        </Table.Td>
      </Table.Tr>
    );
  } else if (error) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={span}>
          <Alert color="red" title={t('table.error')}>
            <Group justify="space-between">
              <Text size="sm">{error.message}</Text>
              <Button size="xs" variant="light" onClick={onRetry}>
                {t('actions.retry')}
              </Button>
            </Group>
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={span}>
          <Text c="dimmed" ta="center" py="lg">
            {state.q ? t('table.noResults') : t('table.empty')}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = data.items.map((row) => (
      <Table.Tr key={rowKey(row)}>
        {columns.map((column) => (
          <Table.Td key={column.key}>{column.render(row)}</Table.Td>
        ))}
        {actions && <Table.Td>{actions(row)}</Table.Td>}
      </Table.Tr>
    ));
  }

  return (
    <div>
      <Group justify="space-between" mb="sm">
        <TextInput
          placeholder={t('table.search')}
          aria-label={t('table.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
        />
        {toolbar}
      </Group>
      <TableScroll label={caption}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-busy={isLoading}>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const direction = sortIndicator(state.sort, column.key);
                return (
                  <Table.Th key={column.key} aria-sort={column.isSortable ? direction : undefined}>
                    {column.isSortable ? (
                      <UnstyledButton onClick={() => handleSort(column.key)} fw={600} fz="sm">
                        {column.label}
                        <span aria-hidden="true">
                          {direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ' ↕'}
                        </span>
                      </UnstyledButton>
                    ) : (
                      column.label
                    )}
                  </Table.Th>
                );
              })}
              {actions && <Table.Th>{t('table.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </TableScroll>
      {data && data.total > 0 && (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {t('table.total', { count: data.total })}
          </Text>
          <Pagination total={totalPages} value={state.page} onChange={setPage} size="sm" />
        </Group>
      )}
    </div>
  );
}
