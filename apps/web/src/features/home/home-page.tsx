import { Alert, Anchor, Card, Group, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { HomeSummary } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatPercent, formatQuantity } from '../../lib/format.ts';
import { pagesPath } from '../../lib/paths.ts';
import { useBackOffice } from '../auth/index.ts';
import { homeSummaryQuery } from './home.api.ts';

function Kpi({ label, value, hint }: { label: string; value: string; hint?: string | undefined }) {
  return (
    <Card withBorder role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

function AttentionList({ title, items }: { title: string; items: ReactNode[] }) {
  if (items.length === 0) return null;
  return (
    <Card withBorder>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <List spacing={4} size="sm">
        {items}
      </List>
    </Card>
  );
}

function Attention({ data }: { data: HomeSummary }) {
  const { t } = useTranslation();
  const { tenantSlug, timeZone, locale } = useBackOffice();
  const campaignLink = (c: HomeSummary['attention']['endingSoon'][number], when: string) => (
    <List.Item key={c.id}>
      <Anchor component={Link} to={pagesPath(tenantSlug, `campaigns/${c.id}`)}>
        {c.title}
      </Anchor>{' '}
      — {when}
    </List.Item>
  );
  const { endingSoon, drawsDue, lowStock, failedJobs } = data.attention;
  const nothing = endingSoon.length + drawsDue.length + lowStock.length + failedJobs.length === 0;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('home.attention.title')}
      </Title>
      {nothing ? <Text c="dimmed">{t('home.attention.nothing')}</Text> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <AttentionList
          title={t('home.attention.endingSoon')}
          items={endingSoon.map((c) =>
            campaignLink(c, t('home.attention.endsOn', { date: formatDateTime(c.endsAt, timeZone, locale) })),
          )}
        />
        <AttentionList
          title={t('home.attention.drawsDue')}
          items={drawsDue.map((c) =>
            campaignLink(c, t('home.attention.endedOn', { date: formatDate(c.endsAt, timeZone, locale) })),
          )}
        />
        <AttentionList
          title={t('home.attention.lowStock')}
          items={lowStock.map((p) => (
            <List.Item key={p.id}>
              <Anchor component={Link} to={pagesPath(tenantSlug, 'products')}>
                {p.name}
              </Anchor>{' '}
              — {t('home.attention.units', { count: p.stock, formatted: formatQuantity(p.stock) })}
            </List.Item>
          ))}
        />
        <AttentionList
          title={t('home.attention.failedJobs')}
          items={failedJobs.map((j) => (
            <List.Item key={j.id}>
              {t(`home.jobKinds.${j.kind}`, { defaultValue: t('home.jobKinds.other') })} —{' '}
              {formatDateTime(j.finishedAt, timeZone, locale)}
              {j.error ? `: ${j.error}` : ''}
            </List.Item>
          ))}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The back-office home: the active campaigns' figures and what needs attention now. */
export function HomePage() {
  const { t } = useTranslation();
  const { tenant, timeZone, locale } = useBackOffice();
  const summary = useQuery(homeSummaryQuery());
  const data = summary.data;
  return (
    <Stack>
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          {t('dashboard.title')}
        </Title>
        {data ? (
          <Text size="sm" c="dimmed">
            {t('home.asOf', { date: formatDateTime(data.asOf, timeZone, locale) })}
          </Text>
        ) : null}
      </Group>
      <Text>{t('dashboard.welcome', { tenant: tenant?.name ?? t('layout.platform') })}</Text>
      {summary.isPending ? <Loader aria-label={t('table.loading')} /> : null}
      {summary.isError ? <Alert color="red">{t('home.failed')}</Alert> : null}
      {data ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Kpi label={t('home.kpi.activeCampaigns')} value={formatQuantity(data.activeCampaigns)} />
            <Kpi
              label={t('home.kpi.participationsToday')}
              value={formatQuantity(data.participations.today)}
              hint={t('home.kpi.participationsWeek', { formatted: formatQuantity(data.participations.week) })}
            />
            <Kpi
              label={t('home.kpi.codes')}
              value={`${formatQuantity(data.codes.redeemed)} / ${formatQuantity(data.codes.assigned)}`}
              hint={t('home.kpi.codesHint')}
            />
            <Kpi
              label={t('home.kpi.redemptionRate')}
              value={data.codes.redemptionRate === null ? '—' : formatPercent(data.codes.redemptionRate)}
            />
            <Kpi label={t('home.kpi.pointsIssued')} value={formatQuantity(data.points.issued)} />
            <Kpi label={t('home.kpi.pointsSpent')} value={formatQuantity(data.points.spent)} />
          </SimpleGrid>
          {data.topCentres.length > 0 ? (
            <Card withBorder>
              <Title order={2} size="h5" mb="xs">
                {t('home.topCentres')}
              </Title>
              <List size="sm" spacing={4} type="ordered">
                {data.topCentres.map((c) => (
                  <List.Item key={c.id}>
                    {c.name} —{' '}
                    {t('home.redemptions', {
                      count: c.redemptions,
                      formatted: formatQuantity(c.redemptions),
                    })}
                  </List.Item>
                ))}
              </List>
            </Card>
          ) : null}
          <Attention data={data} />
        </>
      ) : null}
    </Stack>
  );
}
