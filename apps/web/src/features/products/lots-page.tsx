import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { CentreSelect } from '../centres/index.ts';
import {
  emptyLot,
  emptyShop,
  errorsByPath,
  type LotDraft,
  lotShopsLine,
  lotTotal,
} from './product-form-model.ts';
import { lotsQuery, productOptionsQuery } from './products.api.ts';
import { useCreateLots } from './products.hooks.ts';

/** The lot setup form: one or more lots, each a product and one or more shops with an amount. */
function LotSetupForm() {
  const { t } = useTranslation();
  const products = useQuery(productOptionsQuery());
  const productOptions = (products.data ?? [])
    .filter((product) => product.kind === 'physical')
    .map((product) => ({ value: product.id, label: `${product.name} (${product.stock})` }));
  const [lots, setLots] = useState<LotDraft[]>([emptyLot()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (index: number, next: Partial<LotDraft>) =>
    setLots((current) => current.map((lot, i) => (i === index ? { ...lot, ...next } : lot)));
  const save = useCreateLots();
  const handleSave = () =>
    save.mutate(lots, {
      onSuccess: (answer) => {
        setErrors({});
        setLots([emptyLot()]);
        showToast('success', t('lots.saved', { count: answer.lots.length }));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.details.length > 0) setErrors(errorsByPath(error.details));
        else showApiError(error);
      },
    });
  const at = (path: string) => errors[path];
  return (
    <Card withBorder>
      <Title order={2} size="h4">
        {t('lots.setup')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('lots.setupHelp')}
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          handleSave();
        }}
      >
        <Stack>
          {at('lots') && (
            <Alert color="red" role="alert">
              {at('lots')}
            </Alert>
          )}
          {lots.map((lot, index) => {
            const number = index + 1;
            const prefix = `lots.${index}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: drafts have no identity but their place
              <Card withBorder key={index} component="fieldset" aria-label={t('lots.lot', { number })}>
                <Group justify="space-between" mb="xs">
                  <Text fw={600}>{t('lots.lot', { number })}</Text>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setLots((current) => current.filter((_, i) => i !== index))}
                  >
                    {t('lots.removeLot', { number })}
                  </Button>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    label={t('lots.product')}
                    data={productOptions}
                    value={lot.productId}
                    onChange={(value) => change(index, { productId: value })}
                    searchable
                    nothingFoundMessage={t('table.noResults')}
                    error={at(`${prefix}.productId`)}
                  />
                  <TextInput
                    label={t('lots.reference')}
                    value={lot.reference}
                    onChange={(event) => change(index, { reference: event.currentTarget.value })}
                    error={at(`${prefix}.reference`)}
                  />
                </SimpleGrid>
                <Stack gap="xs" mt="sm">
                  {at(`${prefix}.shops`) && (
                    <Text c="red" size="sm" role="alert">
                      {at(`${prefix}.shops`)}
                    </Text>
                  )}
                  {lot.shops.map((shop, shopIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: drafts have no identity but their place
                    <Group key={shopIndex} align="flex-start" wrap="nowrap">
                      <CentreSelect
                        label={`${t('lots.shop')} ${shopIndex + 1}`}
                        value={shop.centreId}
                        onChange={(value) =>
                          change(index, {
                            shops: lot.shops.map((s, i) => (i === shopIndex ? { ...s, centreId: value } : s)),
                          })
                        }
                        error={at(`${prefix}.shops.${shopIndex}.centreId`)}
                        w={280}
                      />
                      <TextInput
                        label={`${t('lots.amount')} ${shopIndex + 1}`}
                        inputMode="numeric"
                        value={shop.amount}
                        onChange={(event) => {
                          const amount = event.currentTarget.value;
                          change(index, {
                            shops: lot.shops.map((s, i) => (i === shopIndex ? { ...s, amount } : s)),
                          });
                        }}
                        error={at(`${prefix}.shops.${shopIndex}.amount`)}
                        w={140}
                      />
                      <ActionIcon
                        mt={28}
                        variant="subtle"
                        color="red"
                        aria-label={t('lots.removeShop', { number: shopIndex + 1, lot: number })}
                        onClick={() => change(index, { shops: lot.shops.filter((_, i) => i !== shopIndex) })}
                      >
                        <span aria-hidden="true">×</span>
                      </ActionIcon>
                    </Group>
                  ))}
                  <Group>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => change(index, { shops: [...lot.shops, emptyShop()] })}
                    >
                      {t('lots.addShop')}
                    </Button>
                  </Group>
                </Stack>
              </Card>
            );
          })}
          <Group justify="space-between">
            <Button variant="default" onClick={() => setLots((current) => [...current, emptyLot()])}>
              {t('lots.addLot')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('lots.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

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
        <ScrollArea>
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
                  <Table.Td>{lotTotal(lot).toLocaleString('en-GB')}</Table.Td>
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
        </ScrollArea>
      )}
    </Stack>
  );
}
