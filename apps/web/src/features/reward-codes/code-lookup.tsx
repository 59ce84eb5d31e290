import { Alert, Button, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import type { RewardCode } from '@promo/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { confirmDanger } from '../../components/confirm.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { showApiError } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { CodeStatusBadge, normaliseCounterInput } from '../redemption/index.ts';
import { ReverseForm } from './reverse-form.tsx';
import { useCodeLookup, useRevokeCode } from './reward-codes.hooks.ts';

/** An administrator looks a code up: its state and history, revocation and reversal. */
export function CodeLookup() {
  const { t } = useTranslation();
  const { role, timeZone, locale } = useBackOffice();
  // no schema: the look-up takes a code or an identity as the counter reads it, and a blank is ignored
  const form = useForm<{ input: string }>({ defaultValues: { input: '' } });
  const isAdmin = role === 'ADMIN';
  const lookup = useCodeLookup();
  const code: RewardCode | undefined = lookup.data;
  // the code's state changed: read it again
  const refresh = () => {
    if (code) lookup.mutate(code.code);
  };
  const revoke = useRevokeCode();
  const handleRevoke = async () => {
    if (!code) return;
    const isConfirmed = await confirmDanger({
      title: t('codes.revokeTitle'),
      message: t('codes.revokeConfirm', { code: code.code }),
      confirmLabel: t('codes.revoke'),
    });
    if (isConfirmed)
      revoke.mutate(code.code, {
        onSuccess: () => {
          showToast('success', t('codes.revoked'));
          refresh();
        },
        onError: (error) => showApiError(error),
      });
  };
  const handleReverse = (redemptionId: string) => {
    const id = openAppModal({
      title: t('codes.reverseTitle'),
      children: (
        <ReverseForm
          redemptionId={redemptionId}
          onDone={(reversed) => {
            closeAppModal(id);
            if (reversed) refresh();
          }}
        />
      ),
    });
  };
  return (
    <Stack>
      <form
        onSubmit={form.handleSubmit(({ input }) => {
          const value = normaliseCounterInput(input);
          if (value) lookup.mutate(value);
        })}
        noValidate
      >
        <Group align="flex-end">
          <TextInput
            label={t('codes.lookupLabel')}
            {...form.register('input')}
            autoComplete="off"
            w={280}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <Button type="submit" loading={lookup.isPending}>
            {t('codes.lookup')}
          </Button>
        </Group>
      </form>
      {lookup.error && (
        <Alert color="red" role="alert">
          {lookup.error.message}
        </Alert>
      )}
      {code && (
        <Card withBorder data-testid="code-detail">
          <Group justify="space-between">
            <Text ff="monospace" fw={700} size="lg">
              {code.code}
            </Text>
            <CodeStatusBadge status={code.status} />
          </Group>
          <Text mt="xs">
            {t('codes.campaign')}: {code.campaign.title} ({code.campaign.name})
          </Text>
          <Text>
            {t('codes.person')}:{' '}
            {code.person ? `${code.person.name ?? '—'} · ${code.person.cedula ?? '—'}` : '—'}
          </Text>
          <Text size="sm" c="dimmed">
            {t('codes.assignedAt')}: {formatDateTime(code.assignedAt, timeZone, locale) || '—'} ·{' '}
            {t('codes.redeemedAt')}: {formatDateTime(code.redeemedAt, timeZone, locale) || '—'} ·{' '}
            {t('codes.revokedAt')}: {formatDateTime(code.revokedAt, timeZone, locale) || '—'}
          </Text>
          <Text fw={600} mt="md">
            {t('codes.history')}
          </Text>
          {code.redemptions.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('codes.noHistory')}
            </Text>
          ) : (
            <TableScroll label={t('codes.historyCaption')}>
              <Table striped>
                <Table.Caption>{t('codes.historyCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('codes.redeemedAt')}</Table.Th>
                    <Table.Th>{t('codes.centre')}</Table.Th>
                    <Table.Th>{t('codes.reversedAt')}</Table.Th>
                    <Table.Th>{t('codes.reverseReason')}</Table.Th>
                    {isAdmin && <Table.Th>{t('table.actions')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {code.redemptions.map((redemption) => (
                    <Table.Tr key={redemption.id}>
                      <Table.Td>{formatDateTime(redemption.redeemedAt, timeZone, locale)}</Table.Td>
                      <Table.Td>
                        {redemption.centreCode} · {redemption.centreName}
                      </Table.Td>
                      <Table.Td>{formatDateTime(redemption.reversedAt, timeZone, locale) || '—'}</Table.Td>
                      <Table.Td>{redemption.reversalReason ?? ''}</Table.Td>
                      {isAdmin && (
                        <Table.Td>
                          {!redemption.reversedAt && (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              onClick={() => handleReverse(redemption.id)}
                            >
                              {t('codes.reverse')}
                            </Button>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
          {isAdmin && (code.status === 'available' || code.status === 'assigned') && (
            <Group justify="flex-end" mt="md">
              <Button
                color="red"
                variant="light"
                onClick={() => void handleRevoke()}
                loading={revoke.isPending}
              >
                {t('codes.revoke')}
              </Button>
            </Group>
          )}
        </Card>
      )}
    </Stack>
  );
}
