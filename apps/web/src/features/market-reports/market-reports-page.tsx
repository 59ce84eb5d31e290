import {
  Alert,
  Badge,
  Card,
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
import { formatDateTime, formatQuantity } from '../../lib/format.ts';
import { dayIn } from '../../lib/zoned-time.ts';
import { useBackOffice } from '../auth/index.ts';
import { campaignOptionsQuery } from '../campaigns/index.ts';
import { CentreSelect } from '../centres/index.ts';
import { pointsSummaryQuery } from '../points/index.ts';
import { ReportDownloads } from '../reports/index.ts';
import {
  type MarketReport,
  type OrderFilters,
  ordersQuery,
  useDownloadMarketReport,
} from './market-reports.api.ts';

const LABELS: Record<MarketReport, string> = {
  orders: 'marketReports.orders',
  'order-totals': 'marketReports.orderTotals',
  points: 'marketReports.points',
};

function PointsSummaryTable({
  filters,
}: {
  filters: { campaignId?: string | null; from?: string; to?: string };
}) {
  const { t } = useTranslation();
  const summary = useQuery(pointsSummaryQuery(filters));
  if (summary.error) return <Alert color="red">{summary.error.message}</Alert>;
  const keys = ['issued', 'spent', 'expired', 'adjustedDown', 'outstanding', 'people'] as const;
  return (
    <TableScroll label={t('marketReports.pointsCaption')}>
      <Table striped data-testid="points-summary">
        <Table.Caption>{t('marketReports.pointsCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('points.campaign')}</Table.Th>
            {keys.map((key) => (
              <Table.Th key={key}>{t(`marketReports.${key}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(summary.data ?? []).map((row) => (
            <Table.Tr key={row.campaignId}>
              <Table.Td>{row.campaignName}</Table.Td>
              {keys.map((key) => (
                <Table.Td key={key}>{formatQuantity(row[key])}</Table.Td>
              ))}
            </Table.Tr>
          ))}
          {summary.isSuccess && summary.data.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={keys.length + 1}>
                <Text c="dimmed">{t('table.empty')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function RecentOrders({ filters }: { filters: OrderFilters }) {
  const { t } = useTranslation();
  const { timeZone, locale } = useBackOffice();
  const [page, setPage] = useState(1);
  const orders = useQuery(ordersQuery(filters, page));
  if (orders.error) return <Alert color="red">{orders.error.message}</Alert>;
  const totalPages = orders.data ? Math.max(1, Math.ceil(orders.data.total / orders.data.pageSize)) : 1;
  return (
    <Stack>
      <TableScroll label={t('marketReports.recentCaption')}>
        <Table striped>
          <Table.Caption>{t('marketReports.recentCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('points.when')}</Table.Th>
              <Table.Th>{t('marketReports.person')}</Table.Th>
              <Table.Th>{t('marketReports.product')}</Table.Th>
              <Table.Th>{t('marketReports.paidWith')}</Table.Th>
              <Table.Th>{t('points.amount')}</Table.Th>
              <Table.Th>{t('marketReports.shop')}</Table.Th>
              <Table.Th>{t('marketReports.voucher')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(orders.data?.items ?? []).map((order) => (
              <Table.Tr key={order.id}>
                <Table.Td>{formatDateTime(order.createdAt, timeZone, locale)}</Table.Td>
                <Table.Td>{[order.cedula, order.personName].filter(Boolean).join(' · ')}</Table.Td>
                <Table.Td>{order.productName}</Table.Td>
                <Table.Td>{t(`marketReports.paidWithOptions.${order.paidWith}`)}</Table.Td>
                <Table.Td>{formatQuantity(order.points)}</Table.Td>
                <Table.Td>{order.centreName ? `${order.centreCode} · ${order.centreName}` : ''}</Table.Td>
                <Table.Td>
                  {order.voucherStatus && (
                    <Badge variant="light" color={order.voucherStatus === 'redeemed' ? 'green' : 'gray'}>
                      {t(`marketReports.voucherStatuses.${order.voucherStatus}`, order.voucherStatus)}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {orders.isSuccess && orders.data.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed">{t('table.empty')}</Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {totalPages > 1 && <Pagination total={totalPages} value={page} onChange={setPage} />}
    </Stack>
  );
}

/** Orders per shop and product, points per campaign: filters, CSV/XLSX downloads, previews. */
export function MarketReportsPage() {
  const { t } = useTranslation();
  const { timeZone } = useBackOffice();
  const [fromDay, setFromDay] = useState(() => dayIn(timeZone, -30));
  const [toDay, setToDay] = useState(() => dayIn(timeZone));
  const [centreId, setCentreId] = useState<string | null>(null);
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const campaigns = useQuery(campaignOptionsQuery());
  const campaignOptions = (campaigns.data ?? [])
    .filter((campaign) => campaign.kind === 'points' || campaign.kind === 'marketplace')
    .map((campaign) => ({ value: campaign.id, label: `${campaign.title} (${campaign.name})` }));
  const range = dayRange(fromDay, toDay, timeZone);
  const filters = { ...range, campaignId, centreId };
  const download = useDownloadMarketReport(filters);
  const helps: Record<MarketReport, string> = {
    orders: t('marketReports.ordersHelp'),
    'order-totals': t('marketReports.orderTotalsHelp'),
    points: t('marketReports.pointsHelp'),
  };
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('marketReports.title')}
      </Title>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <TextInput
            type="date"
            label={t('reports.from')}
            value={fromDay}
            onChange={(event) => setFromDay(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('reports.to')}
            value={toDay}
            onChange={(event) => setToDay(event.currentTarget.value)}
          />
          <CentreSelect value={centreId} onChange={setCentreId} placeholder={t('common.all')} />
          <Select
            label={t('points.campaign')}
            placeholder={t('common.all')}
            data={campaignOptions}
            value={campaignId}
            onChange={setCampaignId}
            searchable
            clearable
          />
        </SimpleGrid>
      </Card>
      <ReportDownloads
        reports={(['orders', 'order-totals', 'points'] as const).map((kind) => ({
          kind,
          label: t(LABELS[kind]),
          help: helps[kind],
        }))}
        pending={download.isPending ? (download.variables ?? null) : null}
        onDownload={(kind, format) => download.mutate({ kind, format })}
        ariaLabel={(name, format) => t('marketReports.download', { name, format })}
      />
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('marketReports.points')}
        </Title>
        <PointsSummaryTable filters={{ campaignId, ...range }} />
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('marketReports.recentOrders')}
        </Title>
        <RecentOrders
          filters={{ ...range, campaignId: campaignId ?? undefined, centreId: centreId ?? undefined }}
        />
      </Card>
    </Stack>
  );
}
