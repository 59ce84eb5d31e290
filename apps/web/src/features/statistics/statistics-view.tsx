import '@mantine/charts/styles.css';
import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../lib/form-errors.ts';
import { formatQuantity } from '../../lib/format.ts';
import { dayIn } from '../../lib/zoned-time.ts';
import { useBackOffice } from '../auth/index.ts';
import { useCampaignDays } from './campaign-days.ts';
import { agePyramid, departmentBars, deviceSplit, fillDays, toCsv } from './chart-data.ts';
import {
  ageStatsQuery,
  departmentStatsQuery,
  downloadReport,
  generalStatsQuery,
  type ReportName,
  type StatsRange,
  type StatsTarget,
} from './statistics.api.ts';

const DEVICE_COLORS: Record<string, string> = {
  mobile: 'blue.6',
  tablet: 'teal.6',
  desktop: 'grape.6',
  unknown: 'gray.5',
};

/** Saves text made in the browser (the device split has no server CSV of its own). */
function saveText(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ChartCard({
  title,
  onDownload,
  isEmpty,
  children,
}: {
  title: string;
  onDownload: () => void;
  isEmpty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button
          size="xs"
          variant="light"
          onClick={onDownload}
          aria-label={`${t('stats.downloadCsv')}: ${title}`}
        >
          {t('stats.downloadCsv')}
        </Button>
      </Group>
      {isEmpty ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('stats.noData')}
        </Text>
      ) : (
        children
      )}
    </Card>
  );
}

/**
 * The numbers and charts of a campaign or group over a date range (days in the tenant's zone),
 * opening on the campaign's days (the last 30 days when they cannot be read).
 */
export function StatisticsView({ target }: { target: StatsTarget }) {
  const { t } = useTranslation();
  const { timeZone } = useBackOffice();
  const campaignRange = useCampaignDays(target, () => ({ from: dayIn(timeZone, -29), to: dayIn(timeZone) }));
  if (!campaignRange) return <Loader size="sm" aria-label={t('table.loading')} />;
  return <StatisticsOverRange target={target} initialRange={campaignRange} />;
}

function StatisticsOverRange({ target, initialRange }: { target: StatsTarget; initialRange: StatsRange }) {
  const { t } = useTranslation();
  const { timeZone } = useBackOffice();
  const [range, setRange] = useState<StatsRange>(initialRange);
  const general = useQuery(generalStatsQuery(target, range));
  const departments = useQuery(departmentStatsQuery(target, range));
  const ages = useQuery(ageStatsQuery(target, range));

  const download = (name: ReportName) => {
    downloadReport(target, name, range).catch((error: unknown) => showApiError(error));
  };
  const error = general.error ?? departments.error ?? ages.error;
  const days = general.data ? fillDays(general.data.byDay, range.from, range.to) : [];
  const devices = general.data ? deviceSplit(general.data.byDevice) : [];
  const pyramid = ages.data ? agePyramid(ages.data) : [];
  const byDepartment = departments.data ? departmentBars(departments.data) : [];
  const widest = Math.max(1, ...pyramid.map((row) => Math.max(-row.female, row.male)));
  const abs = (value: number) => formatQuantity(Math.abs(value));

  return (
    <Stack>
      <Group align="flex-end">
        <TextInput
          type="date"
          label={t('stats.from')}
          value={range.from ?? ''}
          onChange={(event) => setRange({ ...range, from: event.currentTarget.value || undefined })}
        />
        <TextInput
          type="date"
          label={t('stats.to')}
          value={range.to ?? ''}
          onChange={(event) => setRange({ ...range, to: event.currentTarget.value || undefined })}
        />
        <Text size="xs" c="dimmed" mb={8}>
          {t('stats.zoneHelp', { timeZone: timeZone ?? 'UTC' })}
        </Text>
      </Group>
      {error && <Alert color="red">{error.message}</Alert>}
      {general.isLoading ? (
        <Loader size="sm" aria-label={t('table.loading')} />
      ) : (
        general.data && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Card withBorder>
              <Text size="sm" c="dimmed">
                {t('stats.participations')}
              </Text>
              <Text fw={700} fz="xl" data-testid="stat-participations">
                {formatQuantity(general.data.participations)}
              </Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">
                {t('stats.participants')}
              </Text>
              <Text fw={700} fz="xl" data-testid="stat-participants">
                {formatQuantity(general.data.participants)}
              </Text>
            </Card>
          </SimpleGrid>
        )
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ChartCard
          title={t('stats.byDay')}
          onDownload={() => download('general')}
          isEmpty={days.length === 0}
        >
          <AreaChart
            h={260}
            data={days}
            dataKey="day"
            series={[{ name: 'participations', label: t('stats.participations'), color: 'brand.6' }]}
            curveType="monotone"
            valueFormatter={formatQuantity}
            withDots={days.length < 40}
            yAxisProps={{ allowDecimals: false }}
          />
        </ChartCard>
        <ChartCard
          title={t('stats.byDepartment')}
          onDownload={() => download('department')}
          isEmpty={byDepartment.length === 0}
        >
          <BarChart
            h={260}
            data={byDepartment}
            dataKey="department"
            maxBarWidth={56}
            valueFormatter={formatQuantity}
            yAxisProps={{ allowDecimals: false }}
            series={[{ name: 'participations', label: t('stats.participations'), color: 'blue.6' }]}
          />
        </ChartCard>
        <ChartCard title={t('stats.byAge')} onDownload={() => download('age')} isEmpty={pyramid.length === 0}>
          <BarChart
            h={280}
            data={pyramid}
            dataKey="band"
            type="stacked"
            orientation="vertical"
            withLegend
            valueFormatter={abs}
            yAxisProps={{ width: 70 }}
            xAxisProps={{ domain: [-widest, widest], allowDecimals: false }}
            series={[
              { name: 'female', label: t('stats.sex.female'), color: 'pink.6' },
              { name: 'male', label: t('stats.sex.male'), color: 'blue.6' },
            ]}
          />
          {pyramid.some((row) => row.other > 0) && (
            <Text size="xs" c="dimmed" mt="xs">
              {t('stats.otherSex', { count: pyramid.reduce((sum, row) => sum + row.other, 0) })}
            </Text>
          )}
        </ChartCard>
        <ChartCard
          title={t('stats.byDevice')}
          isEmpty={devices.length === 0}
          onDownload={() =>
            saveText(
              'estadisticas-dispositivos.csv',
              toCsv(
                devices.map((row) => ({
                  device: t(`stats.devices.${row.device}`),
                  participations: row.participations,
                })),
              ),
            )
          }
        >
          <Group justify="center">
            <DonutChart
              size={200}
              thickness={30}
              withLabels
              withLabelsLine
              tooltipDataSource="segment"
              valueFormatter={formatQuantity}
              data={devices.map((row) => ({
                name: t(`stats.devices.${row.device}`),
                value: row.participations,
                color: DEVICE_COLORS[row.device] ?? 'gray.5',
              }))}
            />
          </Group>
          <Group justify="center" gap="md" mt="xs">
            {devices.map((row) => (
              <Text key={row.device} size="sm">
                <Text span c={DEVICE_COLORS[row.device] ?? 'gray.5'} aria-hidden="true">
                  ●{' '}
                </Text>
                {t(`stats.devices.${row.device}`)}: {formatQuantity(row.participations)}
              </Text>
            ))}
          </Group>
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}
