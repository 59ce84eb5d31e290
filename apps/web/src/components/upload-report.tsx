import { Badge, Card, Group, Table } from '@mantine/core';
import type { UploadReport } from '@promo/contract';
import { useTranslation } from 'react-i18next';

/** The server's per-row report of a CSV upload: counts, then every refused row and why. */
export function UploadReportCard({ report }: { report: UploadReport }) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid="upload-report">
      <Group mb="sm">
        <Badge variant="light">{t('uploads.total', { count: report.total })}</Badge>
        <Badge variant="light" color="green">
          {t('uploads.created', { count: report.created })}
        </Badge>
        <Badge variant="light" color="blue">
          {t('uploads.updated', { count: report.updated })}
        </Badge>
        {report.unchanged !== undefined && (
          <Badge variant="light" color="gray">
            {t('uploads.unchanged', { count: report.unchanged })}
          </Badge>
        )}
        <Badge variant="light" color="red">
          {t('uploads.refused', { count: report.refusedTotal ?? report.refused.length })}
        </Badge>
      </Group>
      {report.refused.length > 0 && (
        <Table striped>
          <Table.Caption>
            {report.refusedTotal !== undefined && report.refusedTotal > report.refused.length
              ? t('uploads.refusedFirst', { listed: report.refused.length, count: report.refusedTotal })
              : t('uploads.refusedCaption')}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('uploads.row')}</Table.Th>
              <Table.Th>{t('uploads.field')}</Table.Th>
              <Table.Th>{t('uploads.problem')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.refused.flatMap((refusal) =>
              refusal.errors.map((error) => (
                <Table.Tr key={`${refusal.row}-${error.field}-${error.code}-${error.message}`}>
                  <Table.Td>{refusal.row}</Table.Td>
                  <Table.Td>{error.field}</Table.Td>
                  <Table.Td>{error.message}</Table.Td>
                </Table.Tr>
              )),
            )}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
