import { TextInput } from '@mantine/core';
import { UPLOAD_LIMITS } from '@promo/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeBatchPanel, PrefixField, parseCount } from '../../components/code-batch-panel.tsx';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { uploadCodes } from './reward-codes.api.ts';
import { useGenerateCodes, useRefreshCodes } from './reward-codes.hooks.ts';

type GenerateValues = { count: string; prefix: string };

/** An administrator generates a campaign's reward codes (a large count runs as a job) or uploads them. */
export function RewardCodesPanel({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const form = useForm<GenerateValues>({ defaultValues: { count: '', prefix: '' } });
  const [jobId, setJobId] = useState<string | null>(null);
  const generate = useGenerateCodes();
  const refresh = useRefreshCodes();
  const handleSubmit = form.handleSubmit(({ count, prefix }) => {
    setJobId(null);
    generate.mutate(
      {
        campaignId,
        count: parseCount(count) ?? Number.NaN,
        ...(prefix.trim() ? { prefix: prefix.trim().toUpperCase() } : {}),
      },
      {
        onSuccess: (answer) => {
          if ('jobId' in answer) setJobId(answer.jobId);
          else
            showToast('success', t('codes.generatedNow', { count: answer.generated, length: answer.length }));
        },
        onError: (error) => showApiError(error, form.setError, ['count', 'prefix']),
      },
    );
  });
  const { errors } = form.formState;
  return (
    <CodeBatchPanel
      generate={{
        title: t('codes.generate'),
        submitLabel: t('codes.generateButton'),
        onSubmit: () => void handleSubmit(),
        isPending: generate.isPending,
        fields: (
          <>
            <TextInput
              label={t('codes.count')}
              inputMode="numeric"
              {...form.register('count')}
              error={fieldMessage(errors.count)}
              w={180}
            />
            <PrefixField
              control={form.control}
              name="prefix"
              label={t('codes.prefix')}
              description={t('codes.prefixHelp')}
              error={errors.prefix}
            />
          </>
        ),
      }}
      job={{ id: jobId, onFinished: refresh }}
      upload={{
        title: t('codes.upload'),
        help: t('codes.uploadHelp'),
        limit: UPLOAD_LIMITS['reward-codes'].label,
        upload: (file, choice) => uploadCodes(campaignId, file, choice),
        onUploaded: refresh,
      }}
    />
  );
}
