import { Alert, Card, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { useBackOffice } from '../auth/index.ts';
import { awardsQuery } from './instant-awards.api.ts';

/** Who won what, and when. */
export function AwardsCard({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const { timeZone, locale } = useBackOffice();
  const awards = useQuery(awardsQuery(campaignId));
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('instantAwards.awards.title')}
      </Title>
      {awards.error && <Alert color="red">{awards.error.message}</Alert>}
      {awards.data?.length === 0 && <Text c="dimmed">{t('instantAwards.awards.empty')}</Text>}
      {(awards.data?.length ?? 0) > 0 && (
        <Table striped withTableBorder data-testid="awards">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('instantAwards.awards.awardedAt')}</Table.Th>
              <Table.Th>{t('instantAwards.prizes.name')}</Table.Th>
              <Table.Th>{t('raffles.entries.cedula')}</Table.Th>
              <Table.Th>{t('raffles.entries.name')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {awards.data?.map((a) => (
              <Table.Tr key={a.participationId}>
                <Table.Td>{formatDateTime(a.awardedAt, timeZone, locale)}</Table.Td>
                <Table.Td>{a.prizeName}</Table.Td>
                <Table.Td>{a.cedula}</Table.Td>
                <Table.Td>{a.name ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
