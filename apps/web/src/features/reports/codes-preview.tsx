import { Alert, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../components/table-scroll.tsx';
import { formatQuantity } from '../../lib/format.ts';
import { codesSummaryQuery, totalOf } from '../reward-codes/index.ts';

/** The codes report's figures per campaign, with a total line when there are several. */
export function CodesPreview({ campaignId }: { campaignId: string | null }) {
  const { t } = useTranslation();
  const summary = useQuery(codesSummaryQuery(campaignId));
  const rows = summary.data ?? [];
  const total = totalOf(rows);
  if (summary.error) return <Alert color="red">{summary.error.message}</Alert>;
  return (
    <TableScroll label={t('reports.codesCaption')}>
      <Table striped data-testid="codes-preview">
        <Table.Caption>{t('reports.codesCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reports.campaign')}</Table.Th>
            <Table.Th>{t('codes.counts.generated')}</Table.Th>
            <Table.Th>{t('codes.counts.available')}</Table.Th>
            <Table.Th>{t('codes.counts.assigned')}</Table.Th>
            <Table.Th>{t('codes.counts.redeemed')}</Table.Th>
            <Table.Th>{t('codes.counts.revoked')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.campaignId}>
              <Table.Td>{row.campaignName}</Table.Td>
              <Table.Td>{formatQuantity(row.generated)}</Table.Td>
              <Table.Td>{formatQuantity(row.available)}</Table.Td>
              <Table.Td>{formatQuantity(row.assigned)}</Table.Td>
              <Table.Td>{formatQuantity(row.redeemed)}</Table.Td>
              <Table.Td>{formatQuantity(row.revoked)}</Table.Td>
            </Table.Tr>
          ))}
          {rows.length > 1 && (
            <Table.Tr fw={700}>
              <Table.Td>{t('reports.total')}</Table.Td>
              <Table.Td>{formatQuantity(total.generated)}</Table.Td>
              <Table.Td>{formatQuantity(total.available)}</Table.Td>
              <Table.Td>{formatQuantity(total.assigned)}</Table.Td>
              <Table.Td>{formatQuantity(total.redeemed)}</Table.Td>
              <Table.Td>{formatQuantity(total.revoked)}</Table.Td>
            </Table.Tr>
          )}
          {summary.isSuccess && rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed">{t('table.empty')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
