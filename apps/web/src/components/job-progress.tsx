import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../lib/format.ts';
import { jobPercent, jobQuery } from '../lib/jobs.ts';

/** A job's progress bar (code generation, points expiry); tells the page when it is over. */
export function JobProgress({ jobId, onFinished }: { jobId: string; onFinished: () => void }) {
  const { t } = useTranslation();
  const job = useQuery(jobQuery(jobId));
  const status = job.data?.status;
  useEffect(() => {
    if (status === 'succeeded' || status === 'failed') onFinished();
  }, [status, onFinished]);
  const percent = jobPercent(job.data);
  return (
    <Stack gap={4} data-testid="job-progress">
      <Group justify="space-between">
        <Text size="sm">{t(`codes.jobStatuses.${status ?? 'queued'}`)}</Text>
        <Text size="sm" c="dimmed">
          {t('codes.jobProgress', {
            progress: formatQuantity(job.data?.progress ?? 0),
            total: formatQuantity(job.data?.total ?? 0),
          })}
        </Text>
      </Group>
      <Progress
        value={percent}
        color={status === 'failed' ? 'red' : status === 'succeeded' ? 'green' : 'blue'}
        animated={status === 'running' || status === 'queued'}
        size="lg"
        aria-label={t('codes.progress', { percent })}
      />
      {status === 'failed' && <Alert color="red">{job.data?.error ?? t('errors.unexpected')}</Alert>}
    </Stack>
  );
}
