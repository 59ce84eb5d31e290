import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';

import type { GoLiveItem } from '@promo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { pagesPath, withTenant } from '../../lib/paths.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { type CampaignGoLiveView, useSetCampaignActive } from '../campaigns/index.ts';
import { useCreatePublishedPage } from '../landings/index.ts';
import { goLiveKeys, goLiveQuery } from './go-live.api.ts';

type Props = ComponentProps<CampaignGoLiveView>;

function StepAction({
  item,
  campaign,
  openTab,
  publicPath,
}: Props & { item: GoLiveItem; publicPath: string | null }) {
  const { t } = useTranslation();
  const { tenantSlug } = useBackOffice();
  const queryClient = useQueryClient();
  const createPage = useCreatePublishedPage({
    onSuccess: async (group) => {
      await queryClient.invalidateQueries({ queryKey: goLiveKeys.all });
      showToast('success', t('goLive.pagePublished', { path: group.publicPath }));
    },
    onError: (error) =>
      showToast('danger', error instanceof ApiError ? error.message : t('errors.unexpected')),
  });
  const toPage = (sub: string) => pagesPath(tenantSlug, sub);
  switch (item.step) {
    case 'form':
      return (
        <Button size="xs" variant="light" onClick={() => openTab('form')}>
          {t('goLive.actions.form')}
        </Button>
      );
    case 'landing': {
      const builder = withTenant(tenantSlug, `/builder?campaign=${campaign.id}`);
      if (item.done && publicPath)
        return (
          <Group gap="xs">
            <Anchor href={publicPath} target="_blank" rel="noopener" size="sm">
              {t('goLive.actions.viewPage')}
            </Anchor>
            <Anchor component={Link} to={builder} size="sm">
              {t('goLive.actions.editPage')}
            </Anchor>
          </Group>
        );
      return (
        <Stack gap={4} align="flex-start">
          <Group gap="xs">
            <Button
              size="xs"
              disabled={!campaign.hasForm}
              loading={createPage.isPending}
              onClick={() => createPage.publish({ campaignId: campaign.id })}
            >
              {t('goLive.actions.createPage')}
            </Button>
            <Anchor component={Link} to={builder} size="sm">
              {t('goLive.actions.editPage')}
            </Anchor>
          </Group>
          {!campaign.hasForm && (
            <Text size="xs" c="dimmed">
              {t('goLive.actions.needsForm')}
            </Text>
          )}
        </Stack>
      );
    }
    case 'centres':
      return (
        <Button size="xs" variant="light" onClick={() => openTab('data')}>
          {t('goLive.actions.centres')}
        </Button>
      );
    case 'schedule':
      return item.done ? null : (
        <Button size="xs" variant="light" onClick={() => openTab('data')}>
          {t('goLive.actions.schedule')}
        </Button>
      );
    case 'codes':
      return (
        <Anchor component={Link} to={`${toPage('codes')}?campaign=${campaign.id}`} size="sm">
          {t('goLive.actions.codes')}
        </Anchor>
      );
    case 'prizes':
      return (
        <Anchor component={Link} to={toPage('instant-awards')} size="sm">
          {t('goLive.actions.prizes')}
        </Anchor>
      );
    case 'marketplace':
      return (
        <Anchor component={Link} to={toPage('marketplaces')} size="sm">
          {t('goLive.actions.marketplace')}
        </Anchor>
      );
  }
}

/**
 * The guided path of a campaign that is not live yet: each step with what is done, what is
 * missing and the action that mends it, then activation, which says what blocks it.
 */
export function GoLivePanel({ campaign, openTab }: Props) {
  const { t } = useTranslation();
  const checklist = useQuery(goLiveQuery(campaign.id, campaign.updatedAt));
  const activation = useSetCampaignActive(campaign.id, {
    onSuccess: () => showToast('success', t('campaigns.activated')),
    onError: (error) =>
      showToast('danger', error instanceof ApiError ? error.message : t('errors.unexpected')),
  });
  const data = checklist.data;
  const missing = (data?.items ?? []).filter((item) => item.required && !item.done);
  return (
    <Card withBorder component="section" aria-labelledby="go-live-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="go-live-title">
          {t('goLive.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('goLive.intro')}
        </Text>
        {checklist.isPending && <Loader size="sm" aria-label={t('table.loading')} />}
        {checklist.isError && <Alert color="red">{t('goLive.failed')}</Alert>}
        {data && (
          <List type="ordered" spacing="sm" listStyleType="none" p={0}>
            {data.items.map((item, index) => (
              <List.Item
                key={item.step}
                data-step={item.step}
                icon={
                  <ThemeIcon color={item.done ? 'green' : 'gray'} radius="xl" size={26} aria-hidden>
                    {item.done ? '✓' : index + 1}
                  </ThemeIcon>
                }
              >
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={0}>
                    <Group gap="xs">
                      <Text fw={600}>{t(`goLive.steps.${item.step}`)}</Text>
                      <Badge color={item.done ? 'green' : item.required ? 'red' : 'gray'} variant="light">
                        {item.done
                          ? t('goLive.done')
                          : item.required
                            ? t('goLive.required')
                            : t('goLive.pending')}
                      </Badge>
                    </Group>
                    {item.count !== null && (
                      <Text size="xs" c="dimmed">
                        {t(`goLive.counts.${item.step}`, { count: item.count })}
                      </Text>
                    )}
                  </Stack>
                  <StepAction
                    item={item}
                    campaign={campaign}
                    openTab={openTab}
                    publicPath={data.publicPath}
                  />
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        {data && (
          <Group>
            <Button
              color="green"
              disabled={!data.canActivate}
              loading={activation.isPending}
              onClick={() => activation.mutate(true)}
            >
              {t('goLive.activate')}
            </Button>
            <Text size="sm" c={data.canActivate ? 'dimmed' : 'red'} role="status">
              {data.canActivate
                ? t('goLive.ready')
                : t('goLive.blocked', {
                    steps: missing.map((item) => t(`goLive.steps.${item.step}`)).join(', '),
                  })}
            </Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
