import { Alert, Button, FileInput, Group, Stack, Switch, Text } from '@mantine/core';
import type { UploadReport } from '@promo/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../lib/form-errors.ts';
import { reportOfRefusal, type UploadChoice } from './upload-refusal.ts';
import { UploadReportCard } from './upload-report.tsx';

/**
 * A CSV upload: what the file holds, choose it, choose whether to import only the valid rows
 * (otherwise any refused row imports nothing), send it, read the per-row report.
 */
export function CsvUploadForm({
  help,
  limit,
  upload,
  onUploaded,
}: {
  help: string;
  /** The size limit of this kind of upload, as the contract labels it ("40 MB"). */
  limit?: string;
  upload: (file: File, choice: UploadChoice) => Promise<UploadReport>;
  onUploaded: () => Promise<unknown> | undefined;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [onlyValid, setOnlyValid] = useState(false);
  const mutation = useMutation({
    mutationFn: () => upload(file as File, { onlyValid }),
    onSuccess: () => onUploaded(),
    onError: (error) => {
      if (!reportOfRefusal(error)) showApiError(error);
    },
  });
  const refusal = reportOfRefusal(mutation.error);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {help}
      </Text>
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
        <Button onClick={() => mutation.mutate()} disabled={!file} loading={mutation.isPending}>
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
