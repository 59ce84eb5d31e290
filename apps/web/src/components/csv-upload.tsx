import { Alert, Button, Card, FileInput, Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { UploadReport } from '@promo/contract';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../lib/form-errors.ts';
import { reportOfRefusal, type UploadChoice } from './upload-refusal.ts';
import { UploadReportCard } from './upload-report.tsx';

export type CsvUploadFormProps = {
  help: string;
  /** The size limit of this kind of upload, as the contract labels it ("40 MB"). */
  limit?: string;
  upload: (file: File, choice: UploadChoice) => Promise<UploadReport>;
  onUploaded?: () => Promise<unknown> | undefined;
  /** The screen's own fields sent before the file (a country, a batch's value), shown above it. */
  fields?: ReactNode;
  /** False while those fields are not ready to send (the file is checked here). */
  canSend?: boolean;
  /**
   * Called with every failure before the form reacts; true when the screen showed it itself (on
   * its fields), so no error toast. A refused file (422 UPLOAD_ROWS_REFUSED) is always shown here.
   */
  onError?: (error: unknown) => boolean;
};

/**
 * A CSV upload: what the file holds, choose it, choose whether to import only the valid rows
 * (otherwise any refused row imports nothing), send it, read the per-row report.
 */
export function CsvUploadForm({
  help,
  limit,
  upload,
  onUploaded,
  fields,
  canSend = true,
  onError,
}: CsvUploadFormProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [onlyValid, setOnlyValid] = useState(false);
  const mutation = useMutation({
    mutationFn: () => upload(file as File, { onlyValid }),
    onSuccess: () => onUploaded?.(),
    onError: (error) => {
      const handled = onError?.(error) ?? false;
      if (!handled && !reportOfRefusal(error)) showApiError(error);
    },
  });
  const refusal = reportOfRefusal(mutation.error);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {help}
      </Text>
      {fields}
      <Group align="flex-end">
        <FileInput
          label={t('uploads.file')}
          description={limit ? t('uploads.limit', { limit }) : undefined}
          accept=".csv,text/csv"
          value={file}
          onChange={setFile}
          clearable
          w={280}
        />
        <Button onClick={() => mutation.mutate()} disabled={!file || !canSend} loading={mutation.isPending}>
          {t('uploads.send')}
        </Button>
      </Group>
      <Switch
        label={t('uploads.onlyValid')}
        description={t('uploads.onlyValidHelp')}
        checked={onlyValid}
        onChange={(event) => setOnlyValid(event.currentTarget.checked)}
      />
      {refusal && mutation.error && (
        <Alert color="red" role="alert">
          {mutation.error.message}
        </Alert>
      )}
      {refusal && <UploadReportCard report={refusal} />}
      {mutation.data && <UploadReportCard report={mutation.data} />}
    </Stack>
  );
}

/** The upload form in a titled card, as the code screens (reward, raffle, redeem codes) show it. */
export function CsvUploadCard({ title, ...form }: CsvUploadFormProps & { title: string }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <CsvUploadForm {...form} />
    </Card>
  );
}
