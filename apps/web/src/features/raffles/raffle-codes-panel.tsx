import { Button, Card, FileInput, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UploadReport } from '@promo/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadReportCard } from '../../components/upload-report.tsx';
import { ApiError } from '../../lib/api.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/back-office-context.ts';
import { parseCount } from '../reward-codes/codes-model.ts';
import { generateRaffleCodes, uploadRaffleCodes } from './raffles.api.ts';

/** Raffle codes of a campaign: generate some (each worth `points` entries) or upload a CSV. */
export function RaffleCodesPanel({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const { role } = useBackOffice();
  const [count, setCount] = useState('');
  const [points, setPoints] = useState('1');
  const [errors, setErrors] = useState<{ count?: string; points?: string }>({});
  const [file, setFile] = useState<File | null>(null);
  const generate = useMutation({
    mutationFn: () =>
      generateRaffleCodes({
        campaignId,
        count: parseCount(count) ?? Number.NaN,
        points: parseCount(points || '1') ?? Number.NaN,
      }),
    onSuccess: (answer) => {
      setErrors({});
      showToast('success', t('raffles.codes.generated', { count: answer.generated }));
    },
    onError: (error) => {
      const next: { count?: string; points?: string } = {};
      if (error instanceof ApiError)
        for (const detail of error.details)
          if (detail.path === 'count' || detail.path === 'points') next[detail.path] = detail.message;
      setErrors(next);
      if (Object.keys(next).length === 0) showApiError(error);
    },
  });
  const upload = useMutation({
    mutationFn: () => uploadRaffleCodes(campaignId, file as File),
    onError: (error) => showApiError(error),
  });
  const report: UploadReport | undefined = upload.data;
  if (role !== 'ADMIN') return <Text c="dimmed">{t('raffles.codes.adminOnly')}</Text>;
  return (
    <Stack>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('raffles.codes.generate')}
        </Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            generate.mutate();
          }}
        >
          <Group align="flex-start">
            <TextInput
              label={t('raffles.codes.count')}
              inputMode="numeric"
              value={count}
              onChange={(event) => setCount(event.currentTarget.value)}
              error={errors.count}
              w={180}
            />
            <TextInput
              label={t('raffles.codes.points')}
              description={t('raffles.codes.pointsHelp')}
              inputMode="numeric"
              value={points}
              onChange={(event) => setPoints(event.currentTarget.value)}
              error={errors.points}
              w={220}
            />
            <Button type="submit" mt={24} loading={generate.isPending}>
              {t('raffles.codes.generateButton')}
            </Button>
          </Group>
        </form>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('raffles.codes.upload')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('raffles.codes.uploadHelp')}
        </Text>
        <Group align="flex-end" mb="sm">
          <FileInput
            label={t('uploads.file')}
            accept=".csv,text/csv"
            value={file}
            onChange={setFile}
            clearable
            w={280}
          />
          <Button onClick={() => upload.mutate()} disabled={!file} loading={upload.isPending}>
            {t('uploads.send')}
          </Button>
        </Group>
        {report && <UploadReportCard report={report} />}
      </Card>
    </Stack>
  );
}
