import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ReportFormat } from './report-query.ts';

export type ReportDownload<K extends string> = { kind: K; label: string; help: string };

/** A card of downloadable reports: each with its label, help and one button per format. */
export function ReportDownloads<K extends string>({
  reports,
  pending,
  onDownload,
  ariaLabel,
}: {
  reports: readonly ReportDownload<K>[];
  /** The download in progress, if any (its button spins). */
  pending: { kind: K; format: ReportFormat } | null;
  onDownload: (kind: K, format: ReportFormat) => void;
  ariaLabel: (label: string, format: string) => string;
}) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        {reports.map(({ kind, label, help }) => (
          <Group key={kind} justify="space-between" wrap="wrap">
            <div>
              <Text fw={600}>{label}</Text>
              <Text size="sm" c="dimmed">
                {help}
              </Text>
            </div>
            <Group gap="xs">
              {(['csv', 'xlsx'] as const).map((format) => (
                <Button
                  key={format}
                  variant="light"
                  onClick={() => onDownload(kind, format)}
                  loading={pending?.kind === kind && pending.format === format}
                  aria-label={ariaLabel(label, format.toUpperCase())}
                >
                  {format.toUpperCase()}
                </Button>
              ))}
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
