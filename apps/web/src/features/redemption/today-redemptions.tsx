import { Alert, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../components/table-scroll.tsx';
import { dayRange } from '../../lib/day-range.ts';
import { formatDateTime } from '../../lib/format.ts';
import { dayIn } from '../../lib/zoned-time.ts';
import { useBackOffice } from '../auth/index.ts';
import { redemptionsQuery } from './redemption.api.ts';

/** Today's list shows the time only. */
function formatTime(iso: string, timeZone: string | undefined, locale: 'es' | 'en'): string {
  try {
    return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'es-ES', {
      timeStyle: 'short',
      timeZone,
    }).format(new Date(iso));
  } catch {
    return formatDateTime(iso, timeZone, locale);
  }
}

/** Today's redemptions of the operator's centre, newest first. */
export function TodayRedemptions() {
  const { t } = useTranslation();
  const { timeZone, locale } = useBackOffice();
  const today = dayIn(timeZone);
  const range = dayRange(today, today, timeZone);
  const list = useQuery(redemptionsQuery({ ...range, page: 1, pageSize: 50 }));
  const rows = list.data?.items ?? [];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('counter.today')}
        </Title>
        {list.data && (
          <Text size="sm" c="dimmed">
            {t('counter.todayCount', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {list.isLoading && <Loader size="sm" aria-label={t('table.loading')} />}
      {list.error && <Alert color="red">{list.error.message}</Alert>}
      {list.data && rows.length === 0 && <Text c="dimmed">{t('counter.todayEmpty')}</Text>}
      {rows.length > 0 && (
        <TableScroll label={t('counter.todayCaption')}>
          <Table striped verticalSpacing="xs" data-testid="today-redemptions">
            <Table.Caption>{t('counter.todayCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('counter.time')}</Table.Th>
                <Table.Th>{t('counter.code')}</Table.Th>
                <Table.Th>{t('counter.campaign')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr
                  key={row.id}
                  style={row.reversedAt ? { textDecoration: 'line-through' } : undefined}
                >
                  <Table.Td>{formatTime(row.redeemedAt, timeZone, locale)}</Table.Td>
                  <Table.Td ff="monospace">{row.code}</Table.Td>
                  <Table.Td>{row.campaignTitle}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}
