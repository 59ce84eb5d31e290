import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { UPLOAD_LIMITS } from '@promo/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvUploadCard } from '../../components/csv-upload.tsx';
import { ApiError } from '../../lib/api.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { parseCount } from '../reward-codes/index.ts';
import { generateRaffleCodes, uploadRaffleCodes } from './raffles.api.ts';

/** Raffle codes of a campaign: generate some (each worth `points` entries) or upload a CSV. */
export function RaffleCodesPanel({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const { role } = useBackOffice();
  const [count, setCount] = useState('');
  const [points, setPoints] = useState('1');
  const [errors, setErrors] = useState<{ count?: string; points?: string }>({});
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
      <CsvUploadCard
        title={t('raffles.codes.upload')}
        help={t('raffles.codes.uploadHelp')}
        limit={UPLOAD_LIMITS['raffle-codes'].label}
        upload={(file, choice) => uploadRaffleCodes(campaignId, file, choice)}
      />
    </Stack>
  );
}
