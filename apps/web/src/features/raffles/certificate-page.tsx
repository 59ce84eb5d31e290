import { Alert, Anchor, Button, Code, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { drawOptionsInWords, drawVerificationSteps, VERIFY_DRAW_PATH } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { saveBlob } from '../../lib/api.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { formatDateTime, formatQuantity } from '../../lib/format.ts';
import { pagesPath } from '../../lib/paths.ts';
import { useBackOffice } from '../auth/index.ts';
import { certificateFileName, certificateJson, maskCedula } from './draw-model.ts';
import { downloadDrawEntries, drawQuery } from './raffles.api.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={260}>{label}</Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/**
 * The certificate of a draw as a printable page (print CSS hides the back-office around it), for
 * people: when (the tenant's time zone) and who drew by name, the entries, the options in words,
 * winners and alternates with their positions, the verification steps in plain words with the
 * public verification page; then the technical data (hashes, seed, algorithm) it relies on.
 */
export function CertificatePage() {
  const { t } = useTranslation();
  const { tenant, drawId = '' } = useParams();
  const { locale } = useBackOffice();
  const draw = useQuery(drawQuery(drawId));
  if (draw.isLoading) return <Loader aria-label={t('table.loading')} />;
  if (draw.error || !draw.data) return <Alert color="red">{draw.error?.message}</Alert>;
  const result = draw.data;
  const c = result.certificate;
  const zone = result.timeZone;
  const when = (iso: string) => `${formatDateTime(iso, zone, locale)} (${zone})`;
  const people = [
    ...result.winners.map((p) => ({ ...p, role: 'winner' as const })),
    ...result.alternates.map((p) => ({ ...p, role: 'alternate' as const })),
  ];
  const verifyUrl = `${window.location.origin}${VERIFY_DRAW_PATH}`;
  const saveJson = () =>
    saveBlob(new Blob([certificateJson(c, zone)], { type: 'application/json' }), certificateFileName(c));
  return (
    <Stack className="certificate" data-testid="certificate" maw={900}>
      <Group justify="space-between" className="no-print">
        <Anchor component={Link} to={`${pagesPath(tenant, 'raffles')}?campaign=${c.campaignId}`}>
          {t('raffles.certificate.back')}
        </Anchor>
        <Group>
          <Button variant="light" onClick={saveJson}>
            {t('raffles.certificate.downloadJson')}
          </Button>
          <Button
            variant="light"
            onClick={() => void downloadDrawEntries(c.drawId).catch((error) => showApiError(error))}
          >
            {t('raffles.certificate.downloadEntries')}
          </Button>
          <Button onClick={() => window.print()}>{t('raffles.certificate.print')}</Button>
        </Group>
      </Group>
      <Title order={1} size="h2">
        {t('raffles.certificate.title')}
      </Title>
      <Text>{t('raffles.certificate.campaign', { name: c.campaignName })}</Text>
      <Table withTableBorder variant="vertical" layout="fixed" data-testid="certificate-summary">
        <Table.Tbody>
          <Row label={t('raffles.certificate.drawnAt')}>{when(c.drawnAt)}</Row>
          <Row label={t('raffles.certificate.drawnByName')}>{result.drawnByName ?? '—'}</Row>
          <Row label={t('raffles.certificate.entriesCount')}>
            <span data-testid="certificate-entries-count">{formatQuantity(c.entriesCount)}</span>
          </Row>
          {c.commitment && (
            <Row label={t('raffles.certificate.committedAt')}>
              {when(c.commitment.committedAt)} · {t(`raffles.draw.seeds.${c.commitment.kind}`)}
            </Row>
          )}
          {c.commitment?.source && (
            <Row label={t('raffles.commitment.source')}>
              {c.commitment.source} — {c.commitment.value}
            </Row>
          )}
          {c.replacesDrawId && <Row label={t('raffles.redraw.reason')}>{c.reason}</Row>}
        </Table.Tbody>
      </Table>
      <Title order={2} size="h4">
        {t('raffles.certificate.options')}
      </Title>
      <List data-testid="certificate-options">
        {drawOptionsInWords(c.options, zone, locale).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Table withTableBorder striped data-testid="certificate-people">
        <caption>{t('raffles.certificate.people')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('raffles.draw.position')}</Table.Th>
            <Table.Th>{t('raffles.draw.role')}</Table.Th>
            <Table.Th>{t('raffles.certificate.entry')}</Table.Th>
            <Table.Th>{t('raffles.entries.name')}</Table.Th>
            <Table.Th>{t('raffles.entries.cedula')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((p) => (
            <Table.Tr key={`${p.role}-${p.position}`}>
              <Table.Td>{p.position}</Table.Td>
              <Table.Td>{t(`raffles.draw.${p.role}`)}</Table.Td>
              <Table.Td>{p.entryId}</Table.Td>
              <Table.Td>{p.name ?? ''}</Table.Td>
              <Table.Td>{maskCedula(p.cedula)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={2} size="h4">
        {t('raffles.certificate.verifyTitle')}
      </Title>
      <List type="ordered" data-testid="certificate-steps">
        {drawVerificationSteps(verifyUrl, locale).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Anchor href={VERIFY_DRAW_PATH} target="_blank" className="no-print">
        {t('raffles.certificate.openVerifier')}
      </Anchor>
      <Title order={2} size="h4">
        {t('raffles.certificate.technical')}
      </Title>
      <Table withTableBorder variant="vertical" layout="fixed">
        <Table.Tbody>
          <Row label={t('raffles.certificate.drawId')}>
            <Code>{c.drawId}</Code>
          </Row>
          <Row label={t('raffles.certificate.algorithm')}>
            <Code>{c.algorithm}</Code>
          </Row>
          <Row label={t('raffles.certificate.totalWeight')}>{c.totalWeight}</Row>
          <Row label={t('raffles.certificate.entriesHash')}>
            <Code className="hash">{c.entriesHash}</Code>
          </Row>
          <Row label={t('raffles.certificate.seedCommitment')}>
            <Code className="hash">{c.seedCommitment}</Code>
          </Row>
          <Row label={t('raffles.certificate.seed')}>
            <Code className="hash" data-testid="certificate-seed">
              {c.seed}
            </Code>
          </Row>
          {c.replacesDrawId && (
            <Row label={t('raffles.certificate.replaces')}>
              <Code>{c.replacesDrawId}</Code>
            </Row>
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
