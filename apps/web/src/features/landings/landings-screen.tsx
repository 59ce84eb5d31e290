import { Anchor, Container, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { LandingSummary } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { pagesPath } from '../../lib/paths.ts';
import { campaignOptionsQuery } from '../campaigns/index.ts';
import { LandingGroupsSection } from './landing-groups-section.tsx';
import { LandingVersionsModal } from './landing-versions-modal.tsx';
import { landingsQuery } from './landings.api.ts';
import { LandingsTable } from './landings-table.tsx';
import { NewLandingForm } from './new-landing-form.tsx';
import { RenameLandingModal } from './rename-landing-modal.tsx';

/** Landings of a campaign (create, rename, duplicate, delete, publish, versions) and its landing groups. */
export function LandingsScreen() {
  const { t } = useTranslation();
  const { tenant } = useParams();
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaign') ?? '';
  const campaigns = useQuery(campaignOptionsQuery());
  const landings = useQuery(landingsQuery(campaignId));
  const [renaming, setRenaming] = useState<LandingSummary | null>(null);
  const [versionsOf, setVersionsOf] = useState<LandingSummary | null>(null);

  return (
    <Container size="xl" py="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>{t('landings.title')}</Title>
          <Anchor component={Link} to={pagesPath(tenant)}>
            {t('builder.back')}
          </Anchor>
        </Group>
        <Select
          label={t('landings.campaign')}
          data-testid="landing-campaign"
          searchable
          value={campaignId || null}
          data={(campaigns.data ?? []).map((campaign) => ({
            value: campaign.id,
            label: `${campaign.title} (${campaign.name})`,
          }))}
          onChange={(value) => setParams(value ? { campaign: value } : {})}
          maw={480}
        />
        {campaignId ? (
          <>
            <NewLandingForm key={campaignId} campaignId={campaignId} />
            <LandingsTable
              landings={landings.data ?? []}
              onRename={setRenaming}
              onShowVersions={setVersionsOf}
            />
            {landings.data?.length === 0 ? <Text c="dimmed">{t('landings.empty')}</Text> : null}
            <LandingGroupsSection campaignId={campaignId} landings={landings.data ?? []} />
          </>
        ) : (
          <Text c="dimmed">{t('landings.pickCampaign')}</Text>
        )}
      </Stack>
      <RenameLandingModal landing={renaming} onClose={() => setRenaming(null)} />
      <LandingVersionsModal landing={versionsOf} onClose={() => setVersionsOf(null)} />
    </Container>
  );
}
