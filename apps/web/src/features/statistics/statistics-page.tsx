import { SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { campaignOptionsQuery, groupsQuery } from '../campaigns/index.ts';
import { StatisticsView } from './statistics-view.tsx';

/** The dashboard: one campaign or one group, chosen here or through `?campaign=` / `?group=`. */
export function StatisticsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const kind = search.has('group') || search.get('by') === 'group' ? 'group' : 'campaign';
  const id = search.get(kind) ?? '';
  const campaigns = useQuery(campaignOptionsQuery());
  const groups = useQuery(groupsQuery());
  const options =
    kind === 'campaign'
      ? (campaigns.data ?? []).map((campaign) => ({
          value: campaign.id,
          label: `${campaign.title} (${campaign.name})`,
        }))
      : (groups.data ?? []).map((group) => ({ value: group.id, label: group.name }));

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('stats.title')}
      </Title>
      <SegmentedControl
        w="fit-content"
        value={kind}
        onChange={(value) => setSearch(value === 'group' ? { by: 'group' } : {})}
        data={[
          { value: 'campaign', label: t('stats.byCampaign') },
          { value: 'group', label: t('stats.byGroup') },
        ]}
        aria-label={t('stats.scope')}
      />
      <Select
        label={kind === 'campaign' ? t('stats.campaign') : t('stats.group')}
        placeholder={t('stats.pick')}
        data={options}
        value={id || null}
        onChange={(value) => setSearch(value ? { [kind]: value } : kind === 'group' ? { by: 'group' } : {})}
        searchable
        w={{ base: '100%', sm: 420 }}
      />
      {id ? (
        <StatisticsView key={`${kind}-${id}`} target={{ kind, id }} />
      ) : (
        <Text c="dimmed">{t('stats.pickHelp')}</Text>
      )}
    </Stack>
  );
}
