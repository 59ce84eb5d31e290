import { Anchor, Badge, Text } from '@mantine/core';
import type { Marketplace } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { type Column, useTableState } from '../../components/data-table.tsx';
import { ListPage, RowActions, useConfirmedDelete } from '../../components/list-page.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useBackOffice } from '../auth/index.ts';
import { MarketplaceForm } from './marketplace-form.tsx';
import { MarketplacePreview } from './marketplace-preview.tsx';
import { marketplacesQuery } from './marketplaces.api.ts';
import { useDeleteMarketplace } from './marketplaces.hooks.ts';

export function MarketplacesPage() {
  const { t } = useTranslation();
  const { role, timeZone, locale } = useBackOffice();
  const table = useTableState({ sort: 'name' });
  const marketplaces = useQuery(marketplacesQuery(table.state));
  const isAdmin = role === 'ADMIN';

  const handleDelete = useConfirmedDelete(useDeleteMarketplace());
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
      // a link only where customers can open the page; otherwise the address and why not (the
      // preview action shows it to the admin)
      render: (m) =>
        m.publicState === 'open' ? (
          <Anchor href={m.publicPath} target="_blank" rel="noopener" size="sm">
            {m.publicPath}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed" title={t('marketplaces.notOpenYet')}>
            {m.publicPath}
          </Text>
        ),
    },
    {
      key: 'active',
      label: t('marketplaces.active'),
      render: (m) => (
        <Badge
          variant="light"
          color={m.publicState === 'open' ? 'green' : m.publicState === 'campaign-draft' ? 'yellow' : 'gray'}
        >
          {t(`marketplaces.publicStates.${m.publicState}`)}
        </Badge>
      ),
    },
  ];

  const actions = (m: Marketplace) => (
    <RowActions
      actions={[
        {
          label: t('marketplaces.preview'),
          ariaLabel: t('marketplaces.previewNamed', { name: m.name }),
          onClick: () => openPreview(m),
        },
        {
          label: t('actions.edit'),
          ariaLabel: t('marketplaces.editNamed', { name: m.name }),
          onClick: () => openForm(m),
          isShown: isAdmin,
        },
        {
          label: t('actions.delete'),
          ariaLabel: t('marketplaces.deleteNamed', { name: m.name }),
          color: 'red',
          onClick: () =>
            void handleDelete({
              id: m.id,
              title: t('marketplaces.deleteTitle'),
              message: t('marketplaces.deleteConfirm', { name: m.name }),
              done: t('marketplaces.deleted'),
            }),
          isShown: isAdmin,
        },
      ]}
    />
  );

  return (
    <ListPage
      title={t('marketplaces.title')}
      list={marketplaces}
      createLabel={t('marketplaces.create')}
      onCreate={isAdmin ? () => openForm() : undefined}
      caption={t('marketplaces.caption')}
      columns={columns}
      rowKey={(m) => m.id}
      table={table}
      actions={actions}
    />
  );
}
