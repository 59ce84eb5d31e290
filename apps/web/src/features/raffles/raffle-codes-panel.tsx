import { Stack, Text, TextInput } from '@mantine/core';
import { UPLOAD_LIMITS } from '@promo/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeBatchPanel, parseCount } from '../../components/code-batch-panel.tsx';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { uploadRaffleCodes } from './raffles.api.ts';
import { useGenerateRaffleCodes } from './raffles.hooks.ts';

/** Raffle codes of a campaign: generate some (each worth `points` entries) or upload a CSV. */
export function RaffleCodesPanel({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const { role } = useBackOffice();
  const form = useForm({ defaultValues: { count: '', points: '1' } });
  const generate = useGenerateRaffleCodes();
  const handleSubmit = form.handleSubmit(({ count, points }) =>
    generate.mutate(
      {
        campaignId,
        count: parseCount(count) ?? Number.NaN,
        points: parseCount(points || '1') ?? Number.NaN,
      },
      {
        onSuccess: (answer) =>
          showToast('success', t('raffles.codes.generated', { count: answer.generated })),
        onError: (error) => showApiError(error, form.setError, ['count', 'points']),
      },
    ),
  );
  if (role !== 'ADMIN') return <Text c="dimmed">{t('raffles.codes.adminOnly')}</Text>;
  const { errors } = form.formState;
  return (
    <Stack>
      <CodeBatchPanel
        generate={{
          title: t('raffles.codes.generate'),
          submitLabel: t('raffles.codes.generateButton'),
          onSubmit: () => void handleSubmit(),
          isPending: generate.isPending,
          fields: (
            <>
              <TextInput
                label={t('raffles.codes.count')}
                inputMode="numeric"
                {...form.register('count')}
                error={fieldMessage(errors.count)}
                w={180}
              />
              <TextInput
                label={t('raffles.codes.points')}
                description={t('raffles.codes.pointsHelp')}
                inputMode="numeric"
                {...form.register('points')}
                error={fieldMessage(errors.points)}
                w={220}
              />
            </>
          ),
        }}
        upload={{
          title: t('raffles.codes.upload'),
          help: t('raffles.codes.uploadHelp'),
          limit: UPLOAD_LIMITS['raffle-codes'].label,
          upload: (file, choice) => uploadRaffleCodes(campaignId, file, choice),
        }}
      />
    </Stack>
  );
}
