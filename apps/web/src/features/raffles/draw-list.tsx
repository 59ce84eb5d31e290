import { Alert, Anchor, Badge, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import type { DrawSummary } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { showApiError } from '../../lib/form-errors.ts';
import { formatDateTime, formatQuantity } from '../../lib/format.ts';
import { useBackOffice } from '../auth/index.ts';
import { useCertificatePath } from './certificate-path.ts';
import { usePicksText } from './picks-text.ts';
import { drawsQuery, exportWinners } from './raffles.api.ts';
import { RedrawForm } from './redraw-form.tsx';

/** The recorded draws of a raffle, with the winners' exports, certificates and redraws. */
export function DrawList({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const { timeZone, locale, role } = useBackOffice();
  const certificatePath = useCertificatePath();
  const picksText = usePicksText();
  const draws = useQuery(drawsQuery(campaignId));
  const openRedraw = (draw: DrawSummary) => {
    const id = openAppModal({
      title: t('raffles.redraw.title'),
      children: <RedrawForm draw={draw} onDone={() => closeAppModal(id)} />,
    });
  };
  const download = (format: 'csv' | 'xlsx') =>
    void exportWinners(campaignId, format).catch((error) => showApiError(error));
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('raffles.list.title')}
        </Title>
        <Group>
          <Button variant="light" onClick={() => download('csv')}>
            {t('raffles.list.winnersCsv')}
          </Button>
          <Button variant="light" onClick={() => download('xlsx')}>
            {t('raffles.list.winnersXlsx')}
          </Button>
        </Group>
      </Group>
      {draws.error && <Alert color="red">{draws.error.message}</Alert>}
      {draws.data?.length === 0 && <Text c="dimmed">{t('raffles.list.empty')}</Text>}
      {(draws.data?.length ?? 0) > 0 && (
        <Table.ScrollContainer minWidth={700}>
          <Table striped withTableBorder data-testid="draw-list">
            <caption className="sr-only">{t('raffles.list.title')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('raffles.list.drawnAt')}</Table.Th>
                <Table.Th>{t('raffles.certificate.entriesCount')}</Table.Th>
                <Table.Th>{t('raffles.list.people')}</Table.Th>
                <Table.Th>{t('raffles.list.status')}</Table.Th>
                <Table.Th>{t('raffles.list.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draws.data?.map((draw) => (
                <Table.Tr key={draw.drawId}>
                  <Table.Td>{formatDateTime(draw.drawnAt, timeZone, locale)}</Table.Td>
                  <Table.Td>{formatQuantity(draw.entriesCount)}</Table.Td>
                  <Table.Td>{picksText(draw.winners, draw.alternates)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {draw.committed && <Badge variant="light">{t('raffles.list.committed')}</Badge>}
                      {draw.replacedBy ? (
                        <Badge color="gray">{t('raffles.list.replaced')}</Badge>
                      ) : (
                        <Badge color="green">{t('raffles.list.standing')}</Badge>
                      )}
                      {draw.reason && (
                        <Text size="xs">{t('raffles.list.reason', { reason: draw.reason })}</Text>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Anchor component={Link} to={certificatePath(draw.drawId)} size="sm">
                        {t('raffles.list.certificate')}
                      </Anchor>
                      {role === 'ADMIN' && !draw.replacedBy && draw.alternates > 0 && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => openRedraw(draw)}>
                          {t('raffles.redraw.open')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
