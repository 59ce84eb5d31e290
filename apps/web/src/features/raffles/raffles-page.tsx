import { Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { campaignOptionsQuery } from '../campaigns/index.ts';
import { DrawsPanel } from './draws-panel.tsx';
import { EntriesPanel } from './entries-panel.tsx';
import { RaffleCodesPanel } from './raffle-codes-panel.tsx';

const TABS = ['draws', 'entries', 'codes'] as const;
type Tab = (typeof TABS)[number];

/** Raffles: pick a raffle campaign, then its draws, its entries and its raffle codes. */
export function RafflesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaign');
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'draws';
  const campaigns = useQuery(campaignOptionsQuery());
  const options = (campaigns.data ?? [])
    .filter((campaign) => campaign.kind === 'raffle')
    .map((campaign) => ({ value: campaign.id, label: `${campaign.title} (${campaign.name})` }));
  const campaign = campaigns.data?.find((item) => item.id === campaignId);
  const go = (next: { campaign?: string | null; tab?: string | null }) => {
    const c = next.campaign === undefined ? campaignId : next.campaign;
    const tb = next.tab === undefined ? tab : next.tab;
    setParams(c ? { campaign: c, ...(tb && tb !== 'draws' ? { tab: tb } : {}) } : {}, { replace: true });
  };
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('raffles.title')}
      </Title>
      <Select
        label={t('raffles.campaign')}
        placeholder={t('raffles.chooseCampaign')}
        data={options}
        value={campaignId}
        onChange={(value) => go({ campaign: value })}
        searchable
        nothingFoundMessage={t('raffles.noCampaigns')}
        maw={480}
      />
      {campaignId && campaign ? (
        <Tabs value={tab} onChange={(value) => go({ tab: value })}>
          <Tabs.List>
            {TABS.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`raffles.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="draws" pt="md">
            {tab === 'draws' && <DrawsPanel campaignId={campaignId} />}
          </Tabs.Panel>
          <Tabs.Panel value="entries" pt="md">
            {tab === 'entries' && <EntriesPanel campaignId={campaignId} />}
          </Tabs.Panel>
          <Tabs.Panel value="codes" pt="md">
            {tab === 'codes' && <RaffleCodesPanel campaignId={campaignId} />}
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Text c="dimmed">{t('raffles.chooseCampaignHelp')}</Text>
      )}
    </Stack>
  );
}
