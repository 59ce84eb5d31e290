import { Button, Card, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import type { PointsAccount } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { openAppModal } from '../../components/app-modal.tsx';
import { confirmDanger } from '../../components/confirm.tsx';
import { type Column, DataTable, useTableState } from '../../components/data-table.tsx';
import { JobProgress } from '../../components/job-progress.tsx';
import { showApiError } from '../../lib/form-errors.ts';
import { formatDateTime, formatQuantity } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { campaignOptionsQuery } from '../campaigns/index.ts';
import { PersonPoints } from './person-points.tsx';
import { accountsQuery } from './points.api.ts';
import { useExpirePoints, useRefreshPoints } from './points.hooks.ts';
import { RedeemBatches } from './redeem-batches.tsx';

/** The expiry job (campaign policy) for one campaign or all, with its progress. */
function ExpirePoints({ campaignId, campaignLabel }: { campaignId: string | null; campaignLabel: string }) {
  const { t } = useTranslation();
  const [jobId, setJobId] = useState<string | null>(null);
  const expire = useExpirePoints();
  const refresh = useRefreshPoints();
  const handleFinished = useCallback(() => {
    showToast('success', t('points.expireDone'));
    void refresh();
  }, [refresh, t]);
  const handleClick = async () => {
    const isConfirmed = await confirmDanger({
      title: t('points.expireTitle'),
      message: t('points.expireConfirm', { campaign: campaignLabel }),
      confirmLabel: t('points.expire'),
    });
    if (isConfirmed) {
      setJobId(null);
      expire.mutate(campaignId, {
        onSuccess: (answer) => setJobId(answer.jobId),
        onError: (error) => showApiError(error),
      });
    }
  };
  return (
    <Card withBorder>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" maw={560}>
          {t('points.expireHelp')}
        </Text>
        <Button color="orange" variant="light" onClick={() => void handleClick()} loading={expire.isPending}>
          {t('points.expire')}
        </Button>
      </Group>
      {jobId && (
        <Stack mt="md">
          <JobProgress jobId={jobId} onFinished={handleFinished} />
        </Stack>
      )}
    </Card>
  );
}

function Accounts({ campaignId, campaignLabel }: { campaignId: string | null; campaignLabel: string }) {
  const { t } = useTranslation();
  const { role, timeZone, locale } = useBackOffice();
  const table = useTableState();
  // the search box finds a person by identity number (exact)
  const { q, ...paging } = table.state;
  const accounts = useQuery(
    accountsQuery({ ...paging, q: '', campaignId: campaignId ?? undefined, cedula: q || undefined }),
  );
  const openPerson = (account: PointsAccount) => {
    const name = account.name ?? account.cedula ?? '';
    openAppModal({
      title: t('points.personTitle', { name }),
      children: <PersonPoints participantId={account.participantId} campaignId={account.campaignId} />,
    });
  };
  const columns: Column<PointsAccount>[] = [
    { key: 'cedula', label: t('points.cedula'), render: (a) => a.cedula ?? '' },
    { key: 'name', label: t('points.name'), render: (a) => a.name ?? '' },
    { key: 'campaign', label: t('points.campaign'), render: (a) => a.campaignName },
    { key: 'balance', label: t('points.balance'), render: (a) => formatQuantity(a.balance) },
    {
      key: 'updatedAt',
      label: t('points.updatedAt'),
      render: (a) => formatDateTime(a.updatedAt, timeZone, locale),
    },
  ];
  return (
    <Stack>
      {role === 'ADMIN' && <ExpirePoints campaignId={campaignId} campaignLabel={campaignLabel} />}
      <DataTable
        caption={t('points.caption')}
        columns={columns}
        data={accounts.data}
        isLoading={accounts.isLoading}
        error={accounts.error}
        onRetry={() => void accounts.refetch()}
        rowKey={(a) => `${a.participantId}:${a.campaignId}`}
        table={table}
        actions={(a) => (
          <Button
            size="xs"
            variant="subtle"
            onClick={() => openPerson(a)}
            aria-label={t('points.openNamed', { name: a.name ?? a.cedula ?? '' })}
          >
            {t('points.open')}
          </Button>
        )}
      />
    </Stack>
  );
}

/** Points: balances per person (search, ledger, adjustments, expiry) and redeem code batches. */
export function PointsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaign');
  const tab = params.get('tab') === 'batches' ? 'batches' : 'accounts';
  const campaigns = useQuery(campaignOptionsQuery());
  const options = (campaigns.data ?? [])
    .filter((campaign) => campaign.kind === 'points' || campaign.kind === 'marketplace')
    .map((campaign) => ({ value: campaign.id, label: `${campaign.title} (${campaign.name})` }));
  const label = options.find((option) => option.value === campaignId)?.label ?? t('points.expireAll');
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('points.title')}
      </Title>
      <Select
        label={t('points.campaign')}
        placeholder={t('points.allCampaigns')}
        data={options}
        value={campaignId}
        onChange={(value) => setParam('campaign', value)}
        searchable
        clearable
        maw={480}
      />
      <Tabs value={tab} onChange={(value) => setParam('tab', value === 'batches' ? 'batches' : null)}>
        <Tabs.List>
          <Tabs.Tab value="accounts">{t('points.accountsTab')}</Tabs.Tab>
          <Tabs.Tab value="batches">{t('points.batchesTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="accounts" pt="md">
          <Accounts key={campaignId ?? 'all'} campaignId={campaignId} campaignLabel={label} />
        </Tabs.Panel>
        <Tabs.Panel value="batches" pt="md">
          {campaignId ? (
            <RedeemBatches key={campaignId} campaignId={campaignId} />
          ) : (
            <Text c="dimmed">{t('batches.chooseCampaign')}</Text>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
