import { Badge, Image, Select } from '@mantine/core';
import { type Product, UPLOAD_LIMITS } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { CsvUploadForm } from '../../components/csv-upload.tsx';
import { type Column, useTableState } from '../../components/data-table.tsx';
import { ListPage, RowActions, useConfirmedDelete } from '../../components/list-page.tsx';
import { formatQuantity } from '../../lib/format.ts';
import { useBackOffice } from '../auth/index.ts';
import { ProductForm } from './product-form.tsx';
import { productsQuery, uploadProductCodes } from './products.api.ts';
import { useDeleteProduct, useRefreshProducts } from './products.hooks.ts';
import { ShopStock } from './shop-stock.tsx';

/** CSV of a digital product's codes with its per-row report. */
function UploadProductCodes({ product }: { product: Product }) {
  const { t } = useTranslation();
  const refresh = useRefreshProducts();
  return (
    <CsvUploadForm
      help={t('products.uploadCodesHelp')}
      limit={UPLOAD_LIMITS['product-codes'].label}
      upload={(file, choice) => uploadProductCodes(product.id, file, choice)}
      onUploaded={refresh}
    />
  );
}

export function ProductsPage() {
  const { t } = useTranslation();
  const { role } = useBackOffice();
  const table = useTableState({ sort: 'name' });
  const [kind, setKind] = useState<'physical' | 'digital' | undefined>();
  const products = useQuery(productsQuery({ ...table.state, kind }));
  const isAdmin = role === 'ADMIN';

  const handleDelete = useConfirmedDelete(useDeleteProduct());
  const openForm = (product?: Product) => {
    const id = openAppModal({
      title: product ? t('products.editNamed', { name: product.name }) : t('products.create'),
      children: <ProductForm {...(product ? { product } : {})} onDone={() => closeAppModal(id)} />,
    });
  };
  const openCodes = (product: Product) => {
    openAppModal({
      title: t('products.uploadCodesNamed', { name: product.name }),
      children: <UploadProductCodes product={product} />,
    });
  };
  const openShops = (product: Product) => {
    openAppModal({
      title: `${t('products.shops')}: ${product.name}`,
      children: <ShopStock productId={product.id} />,
    });
  };
  const columns: Column<Product>[] = [
    {
      key: 'image',
      label: t('products.images'),
      render: (product) =>
        product.images[0] ? (
          <Image src={product.images[0]} alt={product.name} w={48} h={48} fit="cover" radius="sm" />
        ) : (
          ''
        ),
    },
    { key: 'name', label: t('products.name'), render: (product) => product.name },
    { key: 'kind', label: t('products.kind'), render: (product) => t(`products.kindShort.${product.kind}`) },
    {
      key: 'pricePoints',
      label: t('products.price'),
      render: (product) =>
        product.redeemWith === 'code' ? t('products.priceCode') : formatQuantity(product.pricePoints ?? 0),
    },
    {
      key: 'stock',
      label: t('products.stock'),
      render: (product) => formatQuantity(product.stock),
    },
    {
      key: 'codes',
      label: t('products.codes'),
      render: (product) =>
        product.kind === 'digital'
          ? t('products.codesCount', {
              available: t('products.codesAvailable', { count: product.codes.available }),
              claimed: t('products.codesClaimed', { count: product.codes.claimed }),
            })
          : '',
    },
    {
      key: 'orders',
      label: t('products.orders'),
      render: (product) => formatQuantity(product.orders),
    },
    {
      key: 'active',
      label: t('products.active'),
      render: (product) => (
        <Badge variant="light" color={product.active ? 'green' : 'gray'}>
          {product.active ? t('products.isActive') : t('products.isInactive')}
        </Badge>
      ),
    },
  ];

  const actions = (product: Product) => (
    <RowActions
      actions={[
        {
          label: t('products.shops'),
          onClick: () => openShops(product),
          isShown: product.kind === 'physical',
        },
        {
          label: t('products.uploadCodes'),
          ariaLabel: t('products.uploadCodesNamed', { name: product.name }),
          onClick: () => openCodes(product),
          isShown: isAdmin && product.kind === 'digital',
        },
        {
          label: t('actions.edit'),
          ariaLabel: t('products.editNamed', { name: product.name }),
          onClick: () => openForm(product),
          isShown: isAdmin,
        },
        {
          label: t('actions.delete'),
          ariaLabel: t('products.deleteNamed', { name: product.name }),
          color: 'red',
          onClick: () =>
            void handleDelete({
              id: product.id,
              title: t('products.deleteTitle'),
              message: t('products.deleteConfirm', { name: product.name }),
              done: t('products.deleted'),
            }),
          isShown: isAdmin,
        },
      ]}
    />
  );

  return (
    <ListPage
      title={t('products.title')}
      filters={
        <Select
          label={t('products.kind')}
          placeholder={t('common.all')}
          data={(['physical', 'digital'] as const).map((value) => ({
            value,
            label: t(`products.kindShort.${value}`),
          }))}
          value={kind ?? null}
          onChange={(value) => {
            setKind((value ?? undefined) as 'physical' | 'digital' | undefined);
            table.setPage(1);
          }}
          clearable
          w={200}
        />
      }
      list={products}
      createLabel={t('products.create')}
      onCreate={isAdmin ? () => openForm() : undefined}
      caption={t('products.caption')}
      columns={columns}
      rowKey={(product) => product.id}
      table={table}
      actions={actions}
    />
  );
}
