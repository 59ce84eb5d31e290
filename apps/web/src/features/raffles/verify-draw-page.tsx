import { Alert, Box, Container, FileInput, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { localDateTime } from '@promo/contract';
import { type Verification, verifyDraw } from '@promo/contract/draw-verification';
import { type DragEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appLocale } from '../../lib/i18n.ts';
import { registerRafflesLocales } from '../../lib/locales/raffles.ts';

// a public page: its texts load with it, not with the back office
registerRafflesLocales();

type Files = { certificate: File | null; entries: File | null };

/** A dropped file goes where it belongs: the JSON is the certificate, anything else the list. */
function sortFiles(files: readonly File[], current: Files): Files {
  const next = { ...current };
  for (const file of files) {
    if (file.name.toLowerCase().endsWith('.json') || file.type === 'application/json')
      next.certificate = file;
    else next.entries = file;
  }
  return next;
}

/** The time zone the certificate's draw was held in (added to the downloaded JSON), if it names one. */
function zoneOf(text: string): string {
  try {
    const zone = JSON.parse(text)?.timeZone;
    if (typeof zone === 'string') {
      new Intl.DateTimeFormat('es', { timeZone: zone });
      return zone;
    }
  } catch {
    // not JSON or an unknown zone: UTC below
  }
  return 'UTC';
}

/**
 * The public verification page: anyone drops a draw's certificate and entry list and the browser
 * re-runs the draw (Web Crypto, the contract's `draw-verification.ts`), showing the same winners or what differs.
 */
export function VerifyDrawPage() {
  const { t } = useTranslation();
  const [files, setFiles] = useState<Files>({ certificate: null, entries: null });
  const [result, setResult] = useState<{ verification: Verification; zone: string } | null>(null);
  const [isChecking, setChecking] = useState(false);
  const [isOver, setOver] = useState(false);

  useEffect(() => {
    const { certificate, entries } = files;
    setResult(null);
    if (!certificate || !entries) return;
    let isCurrent = true;
    setChecking(true);
    void (async () => {
      const text = await certificate.text();
      const bytes = new Uint8Array(await entries.arrayBuffer());
      const verification = await verifyDraw(text, bytes);
      if (isCurrent) setResult({ verification, zone: zoneOf(text) });
    })().finally(() => {
      if (isCurrent) setChecking(false);
    });
    return () => {
      isCurrent = false;
    };
  }, [files]);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    setFiles((current) => sortFiles([...event.dataTransfer.files], current));
  };

  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>{t('raffles.verify.title')}</Title>
        <Text>{t('raffles.verify.intro')}</Text>
        <Box
          data-testid="verify-drop"
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          p="lg"
          style={{
            border: '2px dashed var(--mantine-color-gray-5)',
            borderRadius: 8,
            background: isOver ? 'var(--mantine-color-blue-0)' : undefined,
          }}
        >
          <Text fw={600} mb="sm">
            {t('raffles.verify.drop')}
          </Text>
          <Group grow align="flex-start">
            <FileInput
              label={t('raffles.verify.certificate')}
              accept="application/json,.json"
              value={files.certificate}
              onChange={(file) => setFiles((current) => ({ ...current, certificate: file }))}
              clearable
            />
            <FileInput
              label={t('raffles.verify.entries')}
              accept="text/csv,.csv"
              value={files.entries}
              onChange={(file) => setFiles((current) => ({ ...current, entries: file }))}
              clearable
            />
          </Group>
        </Box>
        {isChecking ? <Loader aria-label={t('raffles.verify.checking')} /> : null}
        {result ? <VerificationResult verification={result.verification} zone={result.zone} /> : null}
      </Stack>
    </Container>
  );
}

function VerificationResult({ verification, zone }: { verification: Verification; zone: string }) {
  const { t } = useTranslation();
  const v = verification;
  return (
    <Stack data-testid="verify-result">
      {v.ok ? (
        <Alert color="green" title={t('raffles.verify.ok')} role="status" />
      ) : (
        <Alert color="red" title={t('raffles.verify.failed')} role="alert">
          <ul>
            {v.problems.map((problem) => (
              <li key={JSON.stringify(problem)}>{t(`raffles.verify.problems.${problem.code}`, problem)}</li>
            ))}
          </ul>
        </Alert>
      )}
      {v.drawId ? (
        <>
          <Text>
            {t('raffles.verify.draw', {
              name: v.campaignName,
              when: `${localDateTime(v.drawnAt, zone, appLocale())} (${zone})`,
            })}
          </Text>
          <Text>{t('raffles.verify.entriesCount', { count: v.entriesCount })}</Text>
        </>
      ) : null}
      {v.ok ? (
        <Table withTableBorder striped data-testid="verify-people">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('raffles.draw.position')}</Table.Th>
              <Table.Th>{t('raffles.draw.role')}</Table.Th>
              <Table.Th>{t('raffles.certificate.entry')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {v.positions.map((p) => (
              <Table.Tr key={p.position}>
                <Table.Td>{p.position}</Table.Td>
                <Table.Td>{t(`raffles.draw.${p.role}`)}</Table.Td>
                <Table.Td>{p.entryId}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
