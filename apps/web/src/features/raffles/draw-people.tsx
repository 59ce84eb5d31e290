import { Badge, Table, Text } from '@mantine/core';
import type { DrawResult } from '@promo/contract';
import { useTranslation } from 'react-i18next';

/** The people drawn: winners (with their notification text) and ranked alternates. */
export function DrawPeople({ result }: { result: DrawResult }) {
  const { t } = useTranslation();
  const rows = [
    ...result.winners.map((p) => ({ ...p, role: 'winner' as const })),
    ...result.alternates.map((p) => ({ ...p, role: 'alternate' as const })),
  ];
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped withTableBorder data-testid="draw-people">
        <caption className="sr-only">{t('raffles.draw.peopleCaption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('raffles.draw.position')}</Table.Th>
            <Table.Th>{t('raffles.draw.role')}</Table.Th>
            <Table.Th>{t('raffles.entries.cedula')}</Table.Th>
            <Table.Th>{t('raffles.entries.name')}</Table.Th>
            <Table.Th>{t('raffles.draw.notification')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={`${p.role}-${p.position}`}>
              <Table.Td>{p.position}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={p.role === 'winner' ? 'green' : 'gray'}>
                  {t(`raffles.draw.${p.role}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{p.cedula}</Table.Td>
              <Table.Td>{p.name ?? ''}</Table.Td>
              <Table.Td>
                <Text size="xs">{p.notification ?? ''}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
