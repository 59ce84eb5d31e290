import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import type { UploadReport } from '@promo/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../lib/form-errors.ts';
import { UploadReportCard } from './upload-report.tsx';

/** A CSV upload: what the file holds, choose it, send it, read the per-row report. */
export function CsvUploadForm({
  help,
  upload,
  onUploaded,
}: {
  help: string;
  upload: (file: File) => Promise<UploadReport>;
  onUploaded: () => Promise<unknown> | undefined;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const mutation = useMutation({
    mutationFn: () => upload(file as File),
    onSuccess: () => onUploaded(),
    onError: (error) => showApiError(error),
  });
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {help}
      </Text>
      <Group align="flex-end">
        <FileInput
          label={t('uploads.file')}
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
      {mutation.data && <UploadReportCard report={mutation.data} />}
    </Stack>
  );
}
