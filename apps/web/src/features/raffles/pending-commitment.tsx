import { Button, Card, Code, Group, Table, Text, TextInput, Title } from '@mantine/core';
import type { Commitment, DrawResult } from '@promo/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { confirmDanger } from '../../components/confirm.tsx';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { formatDateTime, formatQuantity } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { groupHash } from './draw-model.ts';
import { usePicksText } from './picks-text.ts';
import { useDrawCommitment } from './raffles.hooks.ts';

/** A commitment waiting for its draw: what was frozen, and the button that reveals the seed. */
export function PendingCommitment({
  commitment,
  onDrawn,
}: {
  commitment: Commitment;
  onDrawn: (r: DrawResult) => void;
}) {
  const { t } = useTranslation();
  const picksText = usePicksText();
  const { timeZone, locale } = useBackOffice();
  const form = useForm({ defaultValues: { value: '' } });
  const draw = useDrawCommitment(commitment);
  const handleDraw = async () => {
    const isConfirmed = await confirmDanger({
      title: t('raffles.confirm.drawTitle'),
      message: t('raffles.confirm.revealMessage', {
        picks: picksText(commitment.options.count, commitment.options.alternates),
      }),
      confirmLabel: t('raffles.commitment.draw'),
    });
    if (!isConfirmed) return;
    draw.mutate(form.getValues('value').trim() || undefined, {
      onSuccess: (result) => {
        form.clearErrors();
        showToast('success', t('raffles.draw.done'));
        onDrawn(result);
      },
      onError: (error) => {
        form.clearErrors();
        showApiError(error, form.setError, ['value']);
      },
    });
  };
  const o = commitment.options;
  return (
    <Card withBorder data-testid="pending-commitment">
      <Title order={2} size="h4" mb="sm">
        {t('raffles.commitment.pending')}
      </Title>
      <Text size="sm" mb="sm">
        {t('raffles.commitment.pendingHelp')}
      </Text>
      <Table withRowBorders={false} variant="vertical" layout="fixed" maw={760}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={240}>{t('raffles.commitment.kind')}</Table.Th>
            <Table.Td>{t(`raffles.draw.seeds.${commitment.kind}`)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('raffles.commitment.committedAt')}</Table.Th>
            <Table.Td>{formatDateTime(commitment.committedAt, timeZone, locale)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('raffles.certificate.entriesCount')}</Table.Th>
            <Table.Td>{formatQuantity(commitment.entriesCount)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('raffles.certificate.entriesHash')}</Table.Th>
            <Table.Td>
              <Code data-testid="commitment-entries-hash">{groupHash(commitment.entriesHash)}</Code>
            </Table.Td>
          </Table.Tr>
          {commitment.seedCommitment && (
            <Table.Tr>
              <Table.Th>{t('raffles.certificate.seedCommitment')}</Table.Th>
              <Table.Td>
                <Code data-testid="commitment-seed-hash">{groupHash(commitment.seedCommitment)}</Code>
              </Table.Td>
            </Table.Tr>
          )}
          {commitment.source && (
            <Table.Tr>
              <Table.Th>{t('raffles.commitment.source')}</Table.Th>
              <Table.Td>{commitment.source}</Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Th>{t('raffles.certificate.options')}</Table.Th>
            <Table.Td>{picksText(o.count, o.alternates)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Group align="flex-end" mt="sm">
        {commitment.kind === 'public_value' && (
          <TextInput
            label={t('raffles.commitment.value')}
            {...form.register('value')}
            error={fieldMessage(form.formState.errors.value)}
            w={320}
          />
        )}
        <Button onClick={() => void handleDraw()} loading={draw.isPending}>
          {t('raffles.commitment.draw')}
        </Button>
      </Group>
    </Card>
  );
}
