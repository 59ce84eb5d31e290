import {
  Alert,
  Button,
  Card,
  FileButton,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CODE_STATUSES, type CodeFilter, type CodeListRow } from '@promo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDanger } from '../../components/confirm.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { dayRange } from '../../lib/day-range.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { CentreSelect } from '../centres/index.ts';
import { CodeStatusBadge } from '../redemption/index.ts';
import { codesFromFile } from './codes-file.ts';
import { codeListQuery } from './reward-codes.api.ts';
import { useDownloadCodes, useRevokeCodes } from './reward-codes.hooks.ts';

type Status = (typeof CODE_STATUSES)[number];

/** The date of a code's current state (what the date filter selects on). */
const stateDate = (row: CodeListRow) => row.revokedAt ?? row.redeemedAt ?? row.assignedAt ?? row.createdAt;

/**
 * A campaign's codes: searched and filtered, paged in code order, exported for printing; an
 * administrator revokes the filtered codes, or those a file lists, after confirming.
 */
export function CodesList({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const { role, timeZone, locale } = useBackOffice();
  const isAdmin = role === 'ADMIN';
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<Status | null>(null);
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [centreId, setCentreId] = useState<string | null>(null);
  // the cursors of the pages seen: the last is the page shown
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const filter: CodeFilter = {
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...dayRange(fromDay, toDay, timeZone),
    ...(centreId ? { centreId } : {}),
  };
  const filterKey = JSON.stringify(filter);
  const [shownKey, setShownKey] = useState(filterKey);
  if (shownKey !== filterKey) {
    setShownKey(filterKey);
    setCursors([undefined]);
  }
  const after = cursors.at(-1);
  const list = useQuery({ ...codeListQuery(campaignId, filter, after), placeholderData: keepPreviousData });
  const download = useDownloadCodes();
  const revoke = useRevokeCodes();
  const total = list.data?.total ?? 0;

  const revokeWith = async (body: Parameters<typeof revoke.mutate>[0], count: number) => {
    const isConfirmed = await confirmDanger({
      title: t('codes.list.revokeTitle'),
      message: t('codes.list.revokeConfirm', { count }),
      confirmLabel: t('codes.list.revokeButton', { count }),
    });
    if (!isConfirmed) return;
    revoke.mutate(body, {
      onSuccess: (answer) => {
        showToast('success', t('codes.list.revokedCount', { count: answer.revoked }));
        if (answer.notRevokedCount > 0)
          showToast(
            'info',
            t('codes.list.notRevoked', {
              count: answer.notRevokedCount,
              codes: answer.notRevoked.slice(0, 10).join(', '),
            }),
          );
      },
      onError: (error) => showApiError(error),
    });
  };
  const handleFile = async (file: File | null) => {
    if (!file) return;
    const codes = codesFromFile(await file.text());
    if (codes.length === 0) {
      showToast('alert', t('codes.list.emptyFile'));
      return;
    }
    await revokeWith({ campaignId, codes }, codes.length);
  };
  const date = (value: string | null) => formatDateTime(value, timeZone, locale);

  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          {t('codes.list.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }}>
          <TextInput
            label={t('codes.list.search')}
            description={t('codes.list.searchHelp')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Select
            label={t('codes.list.status')}
            placeholder={t('common.all')}
            data={CODE_STATUSES.map((value) => ({ value, label: t(`codes.statuses.${value}`) }))}
            value={status}
            onChange={(value) => setStatus(value as Status | null)}
            clearable
          />
          <TextInput
            type="date"
            label={t('codes.list.from')}
            description={t('reports.zone', { timeZone: timeZone ?? 'UTC' })}
            value={fromDay}
            onChange={(event) => setFromDay(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('codes.list.to')}
            description={t('reports.zone', { timeZone: timeZone ?? 'UTC' })}
            value={toDay}
            onChange={(event) => setToDay(event.currentTarget.value)}
          />
          <CentreSelect value={centreId} onChange={setCentreId} placeholder={t('common.all')} />
        </SimpleGrid>
        <Group justify="space-between">
          <Text size="sm" data-testid="codes-total">
            {t('codes.list.total', { count: total, formatted: total.toLocaleString('en-GB') })}
          </Text>
          <Group gap="xs">
            {(['csv', 'xlsx'] as const).map((format) => (
              <Button
                key={format}
                variant="light"
                loading={download.isPending && download.variables?.format === format}
                onClick={() =>
                  download.mutate({ campaignId, filter, format }, { onError: (error) => showApiError(error) })
                }
              >
                {t('codes.list.export', { format: format.toUpperCase() })}
              </Button>
            ))}
            {isAdmin && (
              <>
                <Button
                  color="red"
                  variant="light"
                  disabled={total === 0}
                  loading={revoke.isPending}
                  onClick={() => void revokeWith({ campaignId, filter }, total)}
                >
                  {t('codes.list.revokeFiltered')}
                </Button>
                <FileButton accept=".csv,text/csv,text/plain" onChange={(file) => void handleFile(file)}>
                  {(props) => (
                    <Button color="red" variant="subtle" {...props}>
                      {t('codes.list.revokeFile')}
                    </Button>
                  )}
                </FileButton>
              </>
            )}
          </Group>
        </Group>
        {list.error && <Alert color="red">{list.error.message}</Alert>}
        <TableScroll label={t('codes.list.caption')}>
          <Table striped data-testid="codes-list">
            <Table.Caption>{t('codes.list.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('codes.lookupLabel')}</Table.Th>
                <Table.Th>{t('codes.list.status')}</Table.Th>
                <Table.Th>{t('codes.list.holder')}</Table.Th>
                <Table.Th>{t('codes.list.date')}</Table.Th>
                <Table.Th>{t('codes.centre')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.items ?? []).map((row) => (
                <Table.Tr key={row.code}>
                  <Table.Td ff="monospace">{row.code}</Table.Td>
                  <Table.Td>
                    <CodeStatusBadge status={row.status} size="sm" />
                  </Table.Td>
                  <Table.Td>
                    {row.holderName ?? ''}
                    {row.holderCedula ? ` · ${row.holderCedula}` : ''}
                  </Table.Td>
                  <Table.Td>{date(stateDate(row))}</Table.Td>
                  <Table.Td>{row.centreName ? `${row.centreCode} · ${row.centreName}` : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        {list.data && list.data.items.length === 0 && <Text c="dimmed">{t('codes.list.empty')}</Text>}
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={cursors.length < 2}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            {t('codes.list.previous')}
          </Button>
          <Button
            variant="default"
            disabled={!list.data?.next}
            onClick={() => setCursors((c) => [...c, list.data?.next ?? undefined])}
          >
            {t('codes.list.next')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
