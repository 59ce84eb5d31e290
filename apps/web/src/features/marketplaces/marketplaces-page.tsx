import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Marketplace } from '@promo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { confirmDanger } from '../../components/confirm.tsx';
import { type Column, DataTable, useTableState } from '../../components/data-table.tsx';
import { ApiError } from '../../lib/api.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { MarketplaceForm } from './marketplace-form.tsx';
import { deleteMarketplace, marketplacePreviewQuery, marketplacesQuery } from './marketplaces.api.ts';

/** What the public page lists, from `marketplaces/{id}/preview` (no person, no balance). */
function MarketplacePreview({ marketplace }: { marketplace: Marketplace }) {
  const { t } = useTranslation();
  const preview = useQuery(marketplacePreviewQuery(marketplace.id));
  if (preview.error) return <Alert color="red">{preview.error.message}</Alert>;
  const data = preview.data;
  if (!data) return <Text c="dimmed">{t('table.loading')}</Text>;
  const primary =
    (data.marketplace.appearance.primaryColor as string | undefined) ?? data.tenant.colors.primary;
  const headline = data.marketplace.appearance.headline as string | undefined;
  return (
    <Stack data-testid="marketplace-preview">
      <Text size="sm" c="dimmed">
        {t('marketplaces.previewNote')}
      </Text>
      <Card radius="md" style={{ background: primary, color: data.tenant.colors.primaryContrast }}>
        <Text size="sm">{data.tenant.name}</Text>
        <Title order={3}>{data.marketplace.name}</Title>
        {headline && <Text>{headline}</Text>}
        <Badge mt="xs" color={data.marketplace.open ? 'green' : 'gray'}>
          {data.marketplace.open ? t('marketplaces.open') : t('marketplaces.closed')}
        </Badge>
      </Card>
      {data.products.length === 0 && <Text c="dimmed">{t('marketplaces.noProducts')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {data.products.map((product) => (
          <Card withBorder key={product.id}>
            {product.images[0] && (
              <Image src={product.images[0]} alt={product.name} h={140} fit="cover" radius="sm" />
            )}
            <Text fw={700} mt="xs">
              {product.name}
            </Text>
            {product.description && <Text size="sm">{product.description}</Text>}
            <Text fw={600} c="brand">
              {product.redeemWith === 'code'
                ? t('marketplaces.withCode')
                : t('marketplaces.pricePoints', {
                    price: (product.pricePoints ?? 0).toLocaleString('en-GB'),
                  })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('marketplaces.stock', { count: product.stock })}
            </Text>
            {product.shops.length > 0 && (
              <Text size="sm" c="dimmed">
                {t('marketplaces.shopsList', { shops: product.shops.map((shop) => shop.name).join(', ') })}
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function MarketplacesPage() {
  const { t } = useTranslation();
  const { role, timeZone, locale } = useBackOffice();
  const queryClient = useQueryClient();
  const table = useTableState({ sort: 'name' });
  const marketplaces = useQuery(marketplacesQuery(table.state));
  const isAdmin = role === 'ADMIN';

  const remove = useMutation({
    mutationFn: deleteMarketplace,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['marketplaces'] });
      showToast('success', t('marketplaces.deleted'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) showToast('alert', error.message);
      else showApiError(error);
    },
  });
  const openForm = (marketplace?: Marketplace) => {
    const id = openAppModal({
      title: marketplace ? t('marketplaces.editNamed', { name: marketplace.name }) : t('marketplaces.create'),
      children: (
        <MarketplaceForm {...(marketplace ? { marketplace } : {})} onDone={() => closeAppModal(id)} />
      ),
    });
  };
  const openPreview = (marketplace: Marketplace) => {
    openAppModal({
      title: t('marketplaces.previewNamed', { name: marketplace.name }),
      children: <MarketplacePreview marketplace={marketplace} />,
    });
  };
  const handleDelete = async (marketplace: Marketplace) => {
    const isConfirmed = await confirmDanger({
      title: t('marketplaces.deleteTitle'),
      message: t('marketplaces.deleteConfirm', { name: marketplace.name }),
      confirmLabel: t('actions.delete'),
    });
    if (isConfirmed) remove.mutate(marketplace.id);
  };

  const window = (marketplace: Marketplace) =>
    [marketplace.opensAt, marketplace.closesAt]
      .map((at) => (at ? formatDateTime(at, timeZone, locale) : '—'))
      .join(' → ');
  const columns: Column<Marketplace>[] = [
    { key: 'name', label: t('marketplaces.name'), render: (m) => m.name },
    { key: 'templateId', label: t('marketplaces.templateId'), render: (m) => m.templateId },
    { key: 'campaign', label: t('marketplaces.campaign'), render: (m) => m.campaignName },
    { key: 'products', label: t('marketplaces.products'), render: (m) => m.productIds.length },
    { key: 'window', label: `${t('marketplaces.opensAt')} / ${t('marketplaces.closesAt')}`, render: window },
    {
      key: 'publicPath',
      label: t('marketplaces.publicPath'),
      render: (m) => (
        <Anchor href={m.publicPath} target="_blank" rel="noopener" size="sm">
          {m.publicPath}
        </Anchor>
      ),
    },
    {
      key: 'active',
      label: t('marketplaces.active'),
      render: (m) => (
        <Badge variant="light" color={m.active ? 'green' : 'gray'}>
          {m.active ? t('marketplaces.isActive') : t('marketplaces.isInactive')}
        </Badge>
      ),
    },
  ];

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('marketplaces.title')}
      </Title>
      <DataTable
        caption={t('marketplaces.caption')}
        columns={columns}
        data={marketplaces.data}
        isLoading={marketplaces.isLoading}
        error={marketplaces.error}
        onRetry={() => void marketplaces.refetch()}
        rowKey={(m) => m.id}
        table={table}
        toolbar={isAdmin && <Button onClick={() => openForm()}>{t('marketplaces.create')}</Button>}
        actions={(m) => (
          <Group gap={4} wrap="nowrap">
            <Button
              size="xs"
              variant="subtle"
              onClick={() => openPreview(m)}
              aria-label={t('marketplaces.previewNamed', { name: m.name })}
            >
              {t('marketplaces.preview')}
            </Button>
            {isAdmin && (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => openForm(m)}
                aria-label={t('marketplaces.editNamed', { name: m.name })}
              >
                {t('actions.edit')}
              </Button>
            )}
            {isAdmin && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => void handleDelete(m)}
                aria-label={t('marketplaces.deleteNamed', { name: m.name })}
              >
                {t('actions.delete')}
              </Button>
            )}
          </Group>
        )}
      />
    </Stack>
  );
}
