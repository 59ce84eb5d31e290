import { Anchor, Badge, Button, Group, Select, Stack, Switch, Title } from '@mantine/core';
import {
  CAMPAIGN_KINDS,
  CAMPAIGN_STATES,
  type Campaign,
  type CampaignKind,
  type CampaignState,
} from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { type Column, DataTable, useTableState } from '../../components/data-table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { pagesPath } from '../../lib/paths.ts';
import { useBackOffice } from '../auth/index.ts';
import { CampaignForm } from './campaign-form.tsx';
import { campaignsQuery } from './campaigns.api.ts';

export const STATE_COLORS: Record<CampaignState, string> = {
  draft: 'gray',
  active: 'green',
  inactive: 'yellow',
  archived: 'dark',
};

export function StateBadge({ state }: { state: CampaignState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {t(`campaigns.states.${state}`)}
    </Badge>
  );
}

export function CampaignsPage() {
  const { t } = useTranslation();
  const { timeZone, locale, role } = useBackOffice();
  const { tenant } = useParams();
  const navigate = useNavigate();
  const table = useTableState({ sort: '-createdAt' });
  const [kind, setKind] = useState<CampaignKind | undefined>();
  const [state, setState] = useState<CampaignState | undefined>();
  const [withArchived, setWithArchived] = useState(false);
  const query = { ...table.state, kind, state, archived: withArchived ? 'any' : 'false' } as const;
  const campaigns = useQuery(campaignsQuery(query));
  const detailPath = (campaign: Campaign) => pagesPath(tenant, `campaigns/${campaign.id}`);

  const handleCreate = () => {
    const id = openAppModal({
      title: t('campaigns.create'),
      children: (
        <CampaignForm
          onCancel={() => closeAppModal(id)}
          onDone={(campaign) => {
            closeAppModal(id);
            void navigate(`${detailPath(campaign)}?tab=form`);
          }}
        />
      ),
    });
  };

  const columns: Column<Campaign>[] = [
    {
      key: 'name',
      label: t('campaigns.name'),
      isSortable: true,
      render: (campaign) => (
        <Anchor component={Link} to={detailPath(campaign)}>
          {campaign.name}
        </Anchor>
      ),
    },
    {
      key: 'title',
      label: t('campaigns.titleLabel'),
      isSortable: true,
      render: (campaign) => campaign.title,
    },
    {
      key: 'kind',
      label: t('campaigns.kind'),
      isSortable: true,
      render: (campaign) => t(`campaigns.kinds.${campaign.kind}`),
    },
    {
      key: 'state',
      label: t('campaigns.state'),
      render: (campaign) => <StateBadge state={campaign.state} />,
    },
    {
      key: 'startsAt',
      label: t('campaigns.startsAt'),
      isSortable: true,
      render: (campaign) => formatDateTime(campaign.startsAt, timeZone, locale),
    },
    {
      key: 'endsAt',
      label: t('campaigns.endsAt'),
      isSortable: true,
      render: (campaign) => formatDateTime(campaign.endsAt, timeZone, locale),
    },
  ];

  const filterChange =
    <T,>(set: (value: T | undefined) => void) =>
    (value: string | null) => {
      set((value ?? undefined) as T | undefined);
      table.setPage(1);
    };

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('campaigns.title')}
      </Title>
      <Group align="flex-end">
        <Select
          label={t('campaigns.kind')}
          placeholder={t('common.all')}
          data={CAMPAIGN_KINDS.map((value) => ({ value, label: t(`campaigns.kinds.${value}`) }))}
          value={kind ?? null}
          onChange={filterChange(setKind)}
          clearable
          w={200}
        />
        <Select
          label={t('campaigns.state')}
          placeholder={t('common.all')}
          data={CAMPAIGN_STATES.map((value) => ({ value, label: t(`campaigns.states.${value}`) }))}
          value={state ?? null}
          onChange={filterChange(setState)}
          clearable
          w={200}
        />
        <Switch
          label={t('campaigns.showArchived')}
          checked={withArchived}
          onChange={(event) => {
            setWithArchived(event.currentTarget.checked);
            table.setPage(1);
          }}
          mb={8}
        />
      </Group>
      <DataTable
        caption={t('campaigns.caption')}
        columns={columns}
        data={campaigns.data}
        isLoading={campaigns.isLoading}
        error={campaigns.error}
        onRetry={() => void campaigns.refetch()}
        rowKey={(campaign) => campaign.id}
        table={table}
        toolbar={role === 'ADMIN' && <Button onClick={handleCreate}>{t('campaigns.create')}</Button>}
        actions={(campaign) => (
          <Button
            size="xs"
            variant="subtle"
            component={Link}
            to={detailPath(campaign)}
            aria-label={t('campaigns.openNamed', { name: campaign.name })}
          >
            {t('campaigns.open')}
          </Button>
        )}
      />
    </Stack>
  );
}
