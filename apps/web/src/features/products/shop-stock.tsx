import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../components/table-scroll.tsx';
import { formatQuantity } from '../../lib/format.ts';
import { productQuery } from './products.api.ts';

/** Stock per shop of a physical product (from its lots). */
export function ShopStock({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const product = useQuery(productQuery(productId));
  const shops = product.data?.shops ?? [];
  if (product.isSuccess && shops.length === 0) return <Text c="dimmed">{t('products.noShops')}</Text>;
  return (
    <TableScroll label={t('products.shopsCaption')}>
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
              <Table.Td>{formatQuantity(shop.received)}</Table.Td>
              <Table.Td>{formatQuantity(shop.claimed)}</Table.Td>
              <Table.Td>{formatQuantity(shop.stock)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
