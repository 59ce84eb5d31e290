import { Alert, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import type { Prize } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { confirmDanger } from '../../components/confirm.tsx';
import { showApiError } from '../../lib/form-errors.ts';
import { formatNumber, formatQuantity } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useDepartmentLabel } from '../countries/index.ts';
import { prizesQuery } from './instant-awards.api.ts';
import { useDeletePrize } from './instant-awards.hooks.ts';
import { PrizeForm } from './prize-form.tsx';

/** The campaign's prizes, with their stock and how many were awarded. */
export function PrizesCard({ campaignId, isAdmin }: { campaignId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const departmentLabel = useDepartmentLabel();
  const prizes = useQuery(prizesQuery(campaignId));
  const remove = useDeletePrize(campaignId, {
    onSuccess: () => showToast('success', t('instantAwards.prizes.deleted')),
    onError: (error) => showApiError(error),
  });
  const openForm = (prize?: Prize) => {
    const id = openAppModal({
      title: prize ? t('instantAwards.prizes.edit', { name: prize.name }) : t('instantAwards.prizes.create'),
      children: (
        <PrizeForm campaignId={campaignId} {...(prize ? { prize } : {})} onDone={() => closeAppModal(id)} />
      ),
    });
  };
  const handleDelete = async (prize: Prize) => {
    const isConfirmed = await confirmDanger({
      title: t('instantAwards.prizes.deleteTitle'),
      message: t('instantAwards.prizes.deleteConfirm', { name: prize.name }),
      confirmLabel: t('actions.delete'),
    });
    if (isConfirmed) remove.mutate(prize.id);
  };
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('instantAwards.prizes.title')}
        </Title>
        {isAdmin && <Button onClick={() => openForm()}>{t('instantAwards.prizes.create')}</Button>}
      </Group>
      {prizes.error && <Alert color="red">{prizes.error.message}</Alert>}
      {prizes.data?.length === 0 && <Text c="dimmed">{t('instantAwards.prizes.empty')}</Text>}
      {(prizes.data?.length ?? 0) > 0 && (
        <Table striped withTableBorder data-testid="prizes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('instantAwards.prizes.name')}</Table.Th>
              <Table.Th>{t('instantAwards.prizes.value')}</Table.Th>
              <Table.Th>{t('instantAwards.prizes.stock')}</Table.Th>
              <Table.Th>{t('instantAwards.prizes.awarded')}</Table.Th>
              <Table.Th>{t('instantAwards.prizes.department', { label: departmentLabel })}</Table.Th>
              {isAdmin && <Table.Th>{t('raffles.list.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {prizes.data?.map((prize) => (
              <Table.Tr key={prize.id}>
                <Table.Td>{prize.name}</Table.Td>
                <Table.Td>{formatNumber(prize.value)}</Table.Td>
                <Table.Td>{formatQuantity(prize.stock)}</Table.Td>
                <Table.Td>{formatQuantity(prize.awarded)}</Table.Td>
                <Table.Td>{prize.department ?? ''}</Table.Td>
                {isAdmin && (
                  <Table.Td>
                    <Group gap="xs">
                      <Button size="xs" variant="subtle" onClick={() => openForm(prize)}>
                        {t('actions.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={t('instantAwards.prizes.deleteNamed', { name: prize.name })}
                        onClick={() => void handleDelete(prize)}
                      >
                        {t('actions.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
