import { Alert, Button, Card, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { PointsAdjustment } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../components/table-scroll.tsx';
import { bodyResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { formatDateTime, formatQuantity } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { personPointsQuery } from './points.api.ts';
import { useAdjustPoints } from './points.hooks.ts';
import { type AdjustmentValues, signedAmount, toAdjustment } from './points-model.ts';

/** An admin's adjustment of a person's points in one campaign, with its reason. */
function AdjustmentForm({ campaignId, participantId }: { campaignId: string; participantId: string }) {
  const { t } = useTranslation();
  const form = useForm<AdjustmentValues, unknown, PointsAdjustment>({
    resolver: bodyResolver(
      PointsAdjustment,
      (values: AdjustmentValues) => toAdjustment(values, { campaignId, participantId }) as PointsAdjustment,
    ),
    defaultValues: { amount: '', reason: '' },
  });
  // one key per attempt: a retried request never adjusts twice
  const [key, setKey] = useState(() => crypto.randomUUID());
  const mutation = useAdjustPoints();
  const handleSubmit = form.handleSubmit((body) =>
    mutation.mutate(
      { body, key },
      {
        onSuccess: (answer) => {
          setKey(crypto.randomUUID());
          form.reset();
          showToast('success', t('points.adjusted', { balance: formatQuantity(answer.balance) }));
        },
        onError: (error) => {
          setKey(crypto.randomUUID());
          showApiError(error, form.setError, ['amount', 'reason']);
        },
      },
    ),
  );
  const { errors } = form.formState;
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Group align="flex-start">
        <TextInput
          label={t('points.adjustAmount')}
          description={t('points.adjustAmountHelp')}
          inputMode="numeric"
          w={200}
          {...form.register('amount')}
          error={fieldMessage(errors.amount)}
        />
        <TextInput
          label={t('points.reason')}
          required
          style={{ flex: 1, minWidth: 200 }}
          {...form.register('reason')}
          error={fieldMessage(errors.reason)}
        />
        <Button type="submit" mt={24 + 20} loading={mutation.isPending}>
          {t('points.adjust')}
        </Button>
      </Group>
    </form>
  );
}

/** A person's balances and ledger (newest first); admins adjust from here. */
export function PersonPoints({ participantId, campaignId }: { participantId: string; campaignId: string }) {
  const { t } = useTranslation();
  const { role, timeZone, locale } = useBackOffice();
  const [page, setPage] = useState(1);
  const data = useQuery(personPointsQuery(participantId, page, campaignId));
  if (data.error) return <Alert color="red">{data.error.message}</Alert>;
  const ledger = data.data?.ledger;
  const totalPages = ledger ? Math.max(1, Math.ceil(ledger.total / ledger.pageSize)) : 1;
  const account = data.data?.accounts.find((a) => a.campaignId === campaignId);
  return (
    <Stack data-testid="person-points">
      <Card withBorder>
        <Text size="sm" c="dimmed">
          {account?.campaignName ?? ''}
        </Text>
        <Text size="xl" fw={700}>
          {t('points.balance')}: {formatQuantity(account?.balance ?? 0)}
        </Text>
      </Card>
      {role === 'ADMIN' && (
        <Card withBorder>
          <Title order={3} size="h5" mb="xs">
            {t('points.adjust')}
          </Title>
          <AdjustmentForm campaignId={campaignId} participantId={participantId} />
        </Card>
      )}
      <TableScroll label={t('points.ledgerCaption')}>
        <Table striped>
          <Table.Caption>{t('points.ledgerCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('points.when')}</Table.Th>
              <Table.Th>{t('points.kind')}</Table.Th>
              <Table.Th>{t('points.amount')}</Table.Th>
              <Table.Th>{t('points.balanceAfter')}</Table.Th>
              <Table.Th>{t('points.detail')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(ledger?.items ?? []).map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{formatDateTime(entry.createdAt, timeZone, locale)}</Table.Td>
                <Table.Td>{t(`points.kinds.${entry.kind}`)}</Table.Td>
                <Table.Td>{signedAmount(entry.amount)}</Table.Td>
                <Table.Td>{formatQuantity(entry.balanceAfter)}</Table.Td>
                <Table.Td>{entry.reason ?? entry.redeemCode ?? ''}</Table.Td>
              </Table.Tr>
            ))}
            {ledger && ledger.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed">{t('table.empty')}</Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {totalPages > 1 && <Pagination total={totalPages} value={page} onChange={setPage} />}
    </Stack>
  );
}
