import {
  Alert,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../components/table-scroll.tsx';
import { dayRange } from '../../lib/day-range.ts';
import { formatDateTime } from '../../lib/format.ts';
import { dayIn } from '../../lib/zoned-time.ts';
import { useBackOffice } from '../auth/index.ts';
import { campaignOptionsQuery } from '../campaigns/index.ts';
import { CentreSelect } from '../centres/index.ts';
import { redemptionsQuery } from '../redemption/index.ts';
import { CodesPreview } from './codes-preview.tsx';
import { ReportDownloads } from './report-downloads.tsx';
import type { ReportKind } from './report-query.ts';
import { useDownloadReport } from './reports.api.ts';

/** Reconciliation: filters, CSV/XLSX downloads and the redemptions in the range. */
export function ReportsPage() {
  const { t } = useTranslation();
  const { role, timeZone, locale } = useBackOffice();
  const isOperator = role === 'OPERATOR';
  const [fromDay, setFromDay] = useState(() => dayIn(timeZone, -30));
  const [toDay, setToDay] = useState(() => dayIn(timeZone));
  const [centreId, setCentreId] = useState<string | null>(null);
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const campaigns = useQuery({ ...campaignOptionsQuery(), enabled: !isOperator });
  const campaignOptions = (campaigns.data ?? [])
    .filter((campaign) => campaign.kind === 'reward_code')
    .map((campaign) => ({ value: campaign.id, label: `${campaign.title} (${campaign.name})` }));
  const range = dayRange(fromDay, toDay, timeZone);
  const filters = {
    ...range,
    centreId: isOperator ? undefined : (centreId ?? undefined),
    campaignId: campaignId ?? undefined,
  };
  const list = useQuery(redemptionsQuery({ ...filters, page, pageSize: 20 }));
  const download = useDownloadReport(filters);
  const kinds: ReportKind[] = isOperator
    ? ['redemptions', 'redemption-totals']
    : ['redemptions', 'redemption-totals', 'codes'];
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const resetPage = () => setPage(1);

  return (
    <Stack>
      <Title order={1} size="h2">
        {isOperator ? t('reports.operatorTitle') : t('reports.title')}
      </Title>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: isOperator ? 2 : 4 }}>
          <TextInput
            type="date"
            label={t('reports.from')}
            description={t('reports.zone', { timeZone: timeZone ?? 'UTC' })}
            value={fromDay}
            onChange={(event) => {
              setFromDay(event.currentTarget.value);
              resetPage();
            }}
          />
          <TextInput
            type="date"
            label={t('reports.to')}
            description={t('reports.zone', { timeZone: timeZone ?? 'UTC' })}
            value={toDay}
            onChange={(event) => {
              setToDay(event.currentTarget.value);
              resetPage();
            }}
          />
          {!isOperator && (
            <CentreSelect
              value={centreId}
              onChange={(value) => {
                setCentreId(value);
                resetPage();
              }}
              placeholder={t('common.all')}
            />
          )}
          {!isOperator && (
            <Select
              label={t('reports.campaign')}
              placeholder={t('common.all')}
              data={campaignOptions}
              value={campaignId}
              onChange={(value) => {
                setCampaignId(value);
                resetPage();
              }}
              searchable
              clearable
            />
          )}
        </SimpleGrid>
      </Card>
      <ReportDownloads
        reports={kinds.map((kind) => ({
          kind,
          label: t(`reports.kinds.${kind}`),
          help: t(`reports.kindsHelp.${kind}`),
        }))}
        pending={download.isPending ? (download.variables ?? null) : null}
        onDownload={(kind, format) => download.mutate({ kind, format })}
        ariaLabel={(report, format) => t('reports.downloadNamed', { report, format })}
      />
      {!isOperator && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('reports.codesTitle')}
          </Title>
          <CodesPreview campaignId={campaignId} />
        </Card>
      )}
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('reports.redemptionsTitle')}
        </Title>
        {list.error && <Alert color="red">{list.error.message}</Alert>}
        <TableScroll label={t('reports.redemptionsCaption')}>
          <Table striped data-testid="redemptions-list">
            <Table.Caption>{t('reports.redemptionsCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.redeemedAt')}</Table.Th>
                <Table.Th>{t('reports.code')}</Table.Th>
                <Table.Th>{t('reports.campaign')}</Table.Th>
                <Table.Th>{t('reports.centre')}</Table.Th>
                <Table.Th>{t('reports.operator')}</Table.Th>
                <Table.Th>{t('reports.reversed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.items ?? []).map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{formatDateTime(row.redeemedAt, timeZone, locale)}</Table.Td>
                  <Table.Td ff="monospace">{row.code}</Table.Td>
                  <Table.Td>{row.campaignTitle}</Table.Td>
                  <Table.Td>
                    {row.centreCode} · {row.centreName}
                  </Table.Td>
                  <Table.Td>{row.operatorName ?? ''}</Table.Td>
                  <Table.Td>
                    {row.reversedAt
                      ? `${formatDateTime(row.reversedAt, timeZone, locale)} — ${row.reversalReason ?? ''}`
                      : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
              {list.isSuccess && list.data.items.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed">{t('table.empty')}</Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
        {list.data && list.data.total > 0 && (
          <Group justify="space-between" mt="sm">
            <Text size="sm" c="dimmed">
              {t('table.total', { count: list.data.total })}
            </Text>
            <Pagination total={totalPages} value={page} onChange={setPage} size="sm" />
          </Group>
        )}
      </Card>
    </Stack>
  );
}
