import { Badge, Button, Group, Image, ScrollArea, Select, Stack, Table, Text, Title } from '@mantine/core';
import { type Product, UPLOAD_LIMITS } from '@promo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { confirmDanger } from '../../components/confirm.tsx';
import { CsvUploadForm } from '../../components/csv-upload.tsx';
import { type Column, DataTable, useTableState } from '../../components/data-table.tsx';
import { ApiError } from '../../lib/api.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { ProductForm } from './product-form.tsx';
import { deleteProduct, productQuery, productsQuery, uploadProductCodes } from './products.api.ts';

/** CSV of a digital product's codes with its per-row report. */
function UploadProductCodes({ product }: { product: Product }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <CsvUploadForm
      help={t('products.uploadCodesHelp')}
      limit={UPLOAD_LIMITS['product-codes'].label}
      upload={(file, choice) => uploadProductCodes(product.id, file, choice)}
      onUploaded={() => queryClient.invalidateQueries({ queryKey: ['products'] })}
    />
  );
}

/** Stock per shop of a physical product (from its lots). */
function ShopStock({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const product = useQuery(productQuery(productId));
  const shops = product.data?.shops ?? [];
  if (product.isSuccess && shops.length === 0) return <Text c="dimmed">{t('products.noShops')}</Text>;
  return (
    <ScrollArea>
      <Table striped>
        <Table.Caption>{t('products.shopsCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('lots.shop')}</Table.Th>
            <Table.Th>{t('products.received')}</Table.Th>
            <Table.Th>{t('products.claimed')}</Table.Th>
            <Table.Th>{t('products.available')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shops.map((shop) => (
            <Table.Tr key={shop.centreId}>
              <Table.Td>{`${shop.code} · ${shop.name}`}</Table.Td>
              <Table.Td>{shop.received.toLocaleString('en-GB')}</Table.Td>
              <Table.Td>{shop.claimed.toLocaleString('en-GB')}</Table.Td>
              <Table.Td>{shop.stock.toLocaleString('en-GB')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

export function ProductsPage() {
  const { t } = useTranslation();
  const { role } = useBackOffice();
  const queryClient = useQueryClient();
  const table = useTableState({ sort: 'name' });
  const [kind, setKind] = useState<'physical' | 'digital' | undefined>();
  const products = useQuery(productsQuery({ ...table.state, kind }));
  const isAdmin = role === 'ADMIN';

  const remove = useMutation({
    mutationFn: deleteProduct,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      showToast('success', t('products.deleted'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) showToast('alert', error.message);
      else showApiError(error);
    },
  });

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
  const handleDelete = async (product: Product) => {
    const isConfirmed = await confirmDanger({
      title: t('products.deleteTitle'),
      message: t('products.deleteConfirm', { name: product.name }),
      confirmLabel: t('actions.delete'),
    });
    if (isConfirmed) remove.mutate(product.id);
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
        product.redeemWith === 'code'
          ? t('products.priceCode')
          : (product.pricePoints ?? 0).toLocaleString('en-GB'),
    },
    {
      key: 'stock',
      label: t('products.stock'),
      render: (product) => product.stock.toLocaleString('en-GB'),
    },
    {
      key: 'codes',
      label: t('products.codes'),
      render: (product) =>
        product.kind === 'digital'
          ? t('products.codesCount', { available: product.codes.available, claimed: product.codes.claimed })
          : '',
    },
    {
      key: 'orders',
      label: t('products.orders'),
      render: (product) => product.orders.toLocaleString('en-GB'),
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

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('products.title')}
      </Title>
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
      <DataTable
        caption={t('products.caption')}
        columns={columns}
        data={products.data}
        isLoading={products.isLoading}
        error={products.error}
        onRetry={() => void products.refetch()}
        rowKey={(product) => product.id}
        table={table}
        toolbar={isAdmin && <Button onClick={() => openForm()}>{t('products.create')}</Button>}
        actions={(product) => (
          <Group gap={4} wrap="nowrap">
            {product.kind === 'physical' && (
              <Button size="xs" variant="subtle" onClick={() => openShops(product)}>
                {t('products.shops')}
              </Button>
            )}
            {isAdmin && product.kind === 'digital' && (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => openCodes(product)}
                aria-label={t('products.uploadCodesNamed', { name: product.name })}
              >
                {t('products.uploadCodes')}
              </Button>
            )}
            {isAdmin && (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => openForm(product)}
                aria-label={t('products.editNamed', { name: product.name })}
              >
                {t('actions.edit')}
              </Button>
            )}
            {isAdmin && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => void handleDelete(product)}
                aria-label={t('products.deleteNamed', { name: product.name })}
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
