import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import type { Campaign } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { confirmDanger } from '../../components/confirm.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { pagesPath } from '../../lib/paths.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { countryQuery } from '../countries/index.ts';
import { CampaignForm } from './campaign-form.tsx';
import { campaignQuery } from './campaigns.api.ts';
import { useArchiveCampaign, useDeleteCampaign, useSetCampaignActive } from './campaigns.hooks.ts';
import { StateBadge } from './campaigns-page.tsx';
import { FormEditor } from './form-editor.tsx';
import { RulesPanel } from './rules-panel.tsx';

const TABS = ['data', 'form', 'rules', 'status', 'statistics'] as const;
export type Tab = (typeof TABS)[number];

function StatusActions({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const { timeZone, locale, role } = useBackOffice();
  const { tenant } = useParams();
  const navigate = useNavigate();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const isAdmin = role === 'ADMIN';

  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') return; // the forced logout tells
    const message = error instanceof ApiError ? error.message : t('errors.unexpected');
    setServerMessage(message);
    showToast('danger', message);
  };
  const onChanged = (message: string) => {
    setServerMessage(null);
    showToast('success', message);
  };
  const activation = useSetCampaignActive(campaign.id, {
    onSuccess: (saved) => onChanged(saved.active ? t('campaigns.activated') : t('campaigns.deactivated')),
    onError,
  });
  const archive = useArchiveCampaign(campaign.id, {
    onSuccess: (saved) => onChanged(saved.archived ? t('campaigns.archived') : t('campaigns.restored')),
    onError,
  });
  const remove = useDeleteCampaign(campaign.id, {
    onSuccess: () => {
      showToast('success', t('campaigns.deleted'));
      void navigate(pagesPath(tenant, 'campaigns'));
    },
    onError,
  });

  const handleArchive = async () => {
    const isConfirmed = await confirmDanger({
      title: t('campaigns.archiveTitle'),
      message: t('campaigns.archiveConfirm', { name: campaign.name }),
      confirmLabel: t('campaigns.archive'),
    });
    if (isConfirmed) archive.mutate(true);
  };
  const handleDelete = async () => {
    const isConfirmed = await confirmDanger({
      title: t('campaigns.deleteTitle'),
      message: t('campaigns.deleteConfirm', { name: campaign.name }),
      confirmLabel: t('actions.delete'),
    });
    if (isConfirmed) remove.mutate();
  };

  const facts: [string, string][] = [
    [t('campaigns.hasForm'), campaign.hasForm ? t('common.yes') : t('common.no')],
    [t('campaigns.startsAt'), formatDateTime(campaign.startsAt, timeZone, locale)],
    [t('campaigns.endsAt'), formatDateTime(campaign.endsAt, timeZone, locale)],
    [t('campaigns.updatedAt'), formatDateTime(campaign.updatedAt, timeZone, locale)],
  ];

  return (
    <Stack>
      <Group>
        <Text fw={500}>{t('campaigns.state')}:</Text>
        <StateBadge state={campaign.state} />
      </Group>
      <Stack gap={4} component="dl" m={0}>
        {facts.map(([label, value]) => (
          <Group key={label} gap="xs">
            <Text component="dt" size="sm" c="dimmed">
              {label}:
            </Text>
            <Text component="dd" size="sm" m={0}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      {serverMessage && (
        <Alert
          color="red"
          role="alert"
          data-testid="status-error"
          withCloseButton
          onClose={() => setServerMessage(null)}
        >
          {serverMessage}
        </Alert>
      )}
      {isAdmin && (
        <Group>
          {!campaign.archived &&
            (campaign.active ? (
              <Button
                variant="light"
                color="yellow"
                onClick={() => activation.mutate(false)}
                loading={activation.isPending}
              >
                {t('campaigns.deactivate')}
              </Button>
            ) : (
              <Button color="green" onClick={() => activation.mutate(true)} loading={activation.isPending}>
                {t('campaigns.activate')}
              </Button>
            ))}
          {campaign.archived ? (
            <Button variant="light" onClick={() => archive.mutate(false)} loading={archive.isPending}>
              {t('campaigns.restore')}
            </Button>
          ) : (
            <Button
              variant="light"
              color="gray"
              onClick={() => void handleArchive()}
              loading={archive.isPending}
            >
              {t('campaigns.archive')}
            </Button>
          )}
          <Button
            color="red"
            variant="outline"
            onClick={() => void handleDelete()}
            loading={remove.isPending}
          >
            {t('campaigns.delete')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The statistics tab shows what the statistics feature draws; the app passes it in, since
 * statistics lists campaigns itself and campaigns must not depend on it back.
 */
export type CampaignStatisticsView = ComponentType<{ target: { kind: 'campaign'; id: string } }>;

/**
 * The go-live checklist shown above the tabs while a campaign is not live (the app passes it in:
 * it reaches landings, codes and the builder, which depend on campaigns). `openTab` switches this
 * page's tab, so the path's steps happen here without leaving it.
 */
export type CampaignGoLiveView = ComponentType<{ campaign: Campaign; openTab: (tab: Tab) => void }>;

export function CampaignDetailPage({
  statisticsView: StatisticsView,
  goLiveView: GoLiveView,
}: {
  statisticsView: CampaignStatisticsView;
  goLiveView?: CampaignGoLiveView;
}) {
  const { t } = useTranslation();
  const { id = '', tenant } = useParams();
  const { role } = useBackOffice();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab') as Tab | null;
  const tab: Tab = requested && TABS.includes(requested) ? requested : 'data';
  const campaign = useQuery(campaignQuery(id));
  const country = useQuery({
    ...countryQuery(campaign.data?.countryCode ?? ''),
    enabled: Boolean(campaign.data),
  });

  if (campaign.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label={t('table.loading')} />
      </Center>
    );
  }
  if (!campaign.data) {
    return (
      <Alert color="red" title={t('campaigns.notFound')}>
        {campaign.error?.message}
      </Alert>
    );
  }
  const data = campaign.data;
  const isReadOnly = role !== 'ADMIN' || data.archived;

  return (
    <Stack>
      <Anchor component={Link} to={pagesPath(tenant, 'campaigns')} size="sm">
        ← {t('campaigns.backToList')}
      </Anchor>
      <Group>
        <Title order={1} size="h2">
          {data.title}
        </Title>
        <StateBadge state={data.state} />
      </Group>
      <Text c="dimmed" size="sm">
        {data.name} · {t(`campaigns.kinds.${data.kind}`)} · {data.countryCode}
      </Text>
      {GoLiveView && role === 'ADMIN' && !data.active && !data.archived && (
        <GoLiveView
          campaign={data}
          openTab={(value) => setSearch(value !== 'data' ? { tab: value } : {}, { replace: true })}
        />
      )}
      <Tabs
        value={tab}
        onChange={(value) => setSearch(value && value !== 'data' ? { tab: value } : {}, { replace: true })}
      >
        <Tabs.List>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`campaigns.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="data" pt="md">
          <Card withBorder>
            <CampaignForm key={data.updatedAt} campaign={data} onDone={() => undefined} />
          </Card>
        </Tabs.Panel>
        <Tabs.Panel value="form" pt="md">
          {tab === 'form' && (
            <FormEditor
              campaignId={data.id}
              isReadOnly={isReadOnly}
              departmentLabel={country.data?.departmentLabel}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="rules" pt="md">
          {tab === 'rules' && (
            <RulesPanel
              target={{ campaignId: data.id }}
              departments={country.data?.departments ?? []}
              isReadOnly={isReadOnly}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="status" pt="md">
          {tab === 'status' && <StatusActions campaign={data} />}
        </Tabs.Panel>
        <Tabs.Panel value="statistics" pt="md">
          {tab === 'statistics' && (
            <Suspense fallback={<Loader size="sm" aria-label={t('table.loading')} />}>
              <StatisticsView target={{ kind: 'campaign', id: data.id }} />
            </Suspense>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
