import { Alert, Card, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CodesSummary } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatQuantity } from '../../lib/format.ts';
import { useBackOffice } from '../auth/index.ts';
import { campaignOptionsQuery } from '../campaigns/index.ts';
import { CodeLookup } from './code-lookup.tsx';
import { CodesList } from './codes-list.tsx';
import { codesSummaryQuery } from './reward-codes.api.ts';
import { RewardCodesPanel } from './reward-codes-panel.tsx';

const COUNTS = ['generated', 'available', 'assigned', 'redeemed', 'revoked'] as const;

function SummaryCards({ row }: { row: CodesSummary | undefined }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} data-testid="codes-summary">
      {COUNTS.map((key) => (
        <Card withBorder key={key} padding="sm">
          <Text size="sm" c="dimmed">
            {t(`codes.counts.${key}`)}
          </Text>
          <Text fw={700} size="xl">
            {formatQuantity(row?.[key] ?? 0)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** Codes of a reward-code campaign: counts, generation (with a job's progress), upload, look-up. */
export function CodesPage() {
  const { t } = useTranslation();
  const { role } = useBackOffice();
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaign');
  const campaigns = useQuery(campaignOptionsQuery());
  const options = (campaigns.data ?? [])
    .filter((campaign) => campaign.kind === 'reward_code')
    .map((campaign) => ({ value: campaign.id, label: `${campaign.title} (${campaign.name})` }));
  const summary = useQuery({ ...codesSummaryQuery(campaignId), enabled: Boolean(campaignId) });
  const row = summary.data?.find((item) => item.campaignId === campaignId);
  const isAdmin = role === 'ADMIN';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('codes.title')}
      </Title>
      <Select
        label={t('codes.campaign')}
        placeholder={t('codes.chooseCampaign')}
        data={options}
        value={campaignId}
        onChange={(value) => setParams(value ? { campaign: value } : {}, { replace: true })}
        searchable
        nothingFoundMessage={t('codes.noCampaigns')}
        maw={480}
      />
      {campaignId ? (
        <>
          {summary.error ? <Alert color="red">{summary.error.message}</Alert> : <SummaryCards row={row} />}
          {role !== 'OPERATOR' && <CodesList key={campaignId} campaignId={campaignId} />}
          {isAdmin && <RewardCodesPanel key={campaignId} campaignId={campaignId} />}
        </>
      ) : (
        <Text c="dimmed">{t('codes.chooseCampaignHelp')}</Text>
      )}
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('codes.lookupTitle')}
        </Title>
        <CodeLookup />
      </Card>
    </Stack>
  );
}
