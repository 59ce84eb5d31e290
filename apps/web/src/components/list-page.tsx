import { Button, Group, Stack, Title } from '@mantine/core';
import type { Page } from '@promo/contract';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api.ts';
import { showApiError } from '../lib/form-errors.ts';
import { showToast } from '../lib/toasts.ts';
import { confirmDanger } from './confirm.tsx';
import { type Column, DataTable, type useTableState } from './data-table.tsx';

/**
 * A back-office list: its title, optional filters, the paged table and, for those who may, the
 * create button above it and each row's actions.
 */
export function ListPage<T>({
  title,
  filters,
  list,
  createLabel,
  onCreate,
  ...table
}: {
  title: string;
  filters?: ReactNode;
  list: UseQueryResult<Page<T>>;
  /** The create button shows when both are given. */
  createLabel?: string;
  onCreate?: (() => void) | undefined;
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  table: ReturnType<typeof useTableState>;
  actions: (row: T) => ReactNode;
}) {
  return (
    <Stack>
      <Title order={1} size="h2">
        {title}
      </Title>
      {filters}
      <DataTable
        {...table}
        data={list.data}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        toolbar={onCreate && createLabel && <Button onClick={onCreate}>{createLabel}</Button>}
      />
    </Stack>
  );
}

export type RowAction = {
  label: string;
  ariaLabel?: string;
  color?: string;
  onClick: () => void;
  /** False hides the action for this row (or role). */
  isShown?: boolean;
};

/** A row's actions as small subtle buttons. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <Group gap={4} wrap="nowrap">
      {actions
        .filter((action) => action.isShown !== false)
        .map((action) => (
          <Button
            key={action.label}
            size="xs"
            variant="subtle"
            onClick={action.onClick}
            {...(action.color ? { color: action.color } : {})}
            {...(action.ariaLabel ? { 'aria-label': action.ariaLabel } : {})}
          >
            {action.label}
          </Button>
        ))}
    </Group>
  );
}

/**
 * Asks before deleting, then deletes: a toast says it is gone, or why not (a row still in use
 * answers 409, shown as an alert rather than an error).
 */
export function useConfirmedDelete(remove: UseMutationResult<unknown, Error, string>) {
  const { t } = useTranslation();
  return async ({
    id,
    title,
    message,
    done,
  }: {
    id: string;
    title: string;
    message: string;
    done: string;
  }) => {
    const isConfirmed = await confirmDanger({ title, message, confirmLabel: t('actions.delete') });
    if (!isConfirmed) return;
    remove.mutate(id, {
      onSuccess: () => showToast('success', done),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) showToast('alert', error.message);
        else showApiError(error);
      },
    });
  };
}
