import { Alert, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../components/table-scroll.tsx';
import { formatDateTime, formatQuantity } from '../../lib/format.ts';
import { useBackOffice } from '../auth/index.ts';
import { LotSetupForm } from './lot-setup-form.tsx';
import { lotShopsLine, lotTotal } from './product-form-model.ts';
import { lotsQuery, productOptionsQuery } from './products.api.ts';

/** Product lots: the setup form (admins) and the lots made so far. */
export function LotsPage() {
  const { t } = useTranslation();
  const { role, timeZone, locale } = useBackOffice();
  const products = useQuery(productOptionsQuery());
  const [productId, setProductId] = useState<string | null>(null);
  const lots = useQuery(lotsQuery(productId));
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('lots.title')}
      </Title>
      {role === 'ADMIN' && <LotSetupForm />}
      <Select
        label={t('lots.filterProduct')}
        placeholder={t('common.all')}
        data={(products.data ?? []).map((product) => ({ value: product.id, label: product.name }))}
        value={productId}
        onChange={setProductId}
        searchable
        clearable
        maw={360}
      />
      {lots.error ? (
        <Alert color="red">{lots.error.message}</Alert>
      ) : (
        <TableScroll label={t('lots.caption')}>
          <Table striped>
            <Table.Caption>{t('lots.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('lots.reference')}</Table.Th>
                <Table.Th>{t('lots.product')}</Table.Th>
                <Table.Th>{t('lots.shops')}</Table.Th>
                <Table.Th>{t('lots.amount')}</Table.Th>
                <Table.Th>{t('lots.createdAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(lots.data ?? []).map((lot) => (
                <Table.Tr key={lot.id}>
                  <Table.Td>{lot.reference ?? ''}</Table.Td>
                  <Table.Td>{lot.productName}</Table.Td>
                  <Table.Td>{lotShopsLine(lot)}</Table.Td>
                  <Table.Td>{formatQuantity(lotTotal(lot))}</Table.Td>
                  <Table.Td>{formatDateTime(lot.createdAt, timeZone, locale)}</Table.Td>
                </Table.Tr>
              ))}
              {lots.isSuccess && lots.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed">{t('lots.empty')}</Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}
