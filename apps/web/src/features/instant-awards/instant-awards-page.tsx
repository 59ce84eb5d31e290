import { Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBackOffice } from '../auth/index.ts';
import { campaignOptionsQuery } from '../campaigns/index.ts';
import { AwardsCard } from './awards-card.tsx';
import { MomentsCard } from './moments-card.tsx';
import { PrizesCard } from './prizes-card.tsx';

/** Instant awards of a campaign: prizes, sealed winning moments (revealed at the end), awards. */
export function InstantAwardsPage() {
  const { t } = useTranslation();
  const { role } = useBackOffice();
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaign');
  const campaigns = useQuery(campaignOptionsQuery());
  const options = (campaigns.data ?? [])
    .filter((campaign) => campaign.kind === 'instant_award')
    .map((campaign) => ({ value: campaign.id, label: `${campaign.title} (${campaign.name})` }));
  const isAdmin = role === 'ADMIN';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('instantAwards.title')}
      </Title>
      <Select
        label={t('raffles.campaign')}
        placeholder={t('raffles.chooseCampaign')}
        data={options}
        value={campaignId}
        onChange={(value) => setParams(value ? { campaign: value } : {}, { replace: true })}
        searchable
        nothingFoundMessage={t('raffles.noCampaigns')}
        maw={480}
      />
      {campaignId ? (
        <>
          <PrizesCard campaignId={campaignId} isAdmin={isAdmin} />
          <MomentsCard campaignId={campaignId} isAdmin={isAdmin} />
          <AwardsCard campaignId={campaignId} />
        </>
      ) : (
        <Text c="dimmed">{t('instantAwards.chooseCampaignHelp')}</Text>
      )}
    </Stack>
  );
}
