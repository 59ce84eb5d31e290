import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type CodesSummary, UPLOAD_LIMITS } from '@promo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CsvUploadCard } from '../../components/csv-upload.tsx';
import { ApiError } from '../../lib/api.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { campaignOptionsQuery } from '../campaigns/index.ts';
import { CodeLookup } from './code-lookup.tsx';
import { parseCount } from './codes-model.ts';
import { JobProgress } from './job-progress.tsx';
import { codesSummaryQuery, generateCodes, uploadCodes } from './reward-codes.api.ts';

const COUNTS = ['generated', 'available', 'assigned', 'redeemed', 'revoked'] as const;

function SummaryCards({ row }: { row: CodesSummary | undefined }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} data-testid="codes-summary">
      {COUNTS.map((key) => (
        <Card withBorder key={key} padding="sm">
          <Text size="sm" c="dimmed">
            {t(`codes.counts.${key}`)}
          </Text>
          <Text fw={700} size="xl">
            {(row?.[key] ?? 0).toLocaleString('en-GB')}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function GenerateCodes({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [count, setCount] = useState('');
  const [prefix, setPrefix] = useState('');
  const [errors, setErrors] = useState<{ count?: string; prefix?: string }>({});
  const [jobId, setJobId] = useState<string | null>(null);
  const generate = useMutation({
    mutationFn: () => {
      const number = parseCount(count);
      const body: { campaignId: string; count: number; prefix?: string } = {
        campaignId,
        count: number ?? Number.NaN,
      };
      if (prefix.trim()) body.prefix = prefix.trim().toUpperCase();
      return generateCodes(body);
    },
    onSuccess: async (answer) => {
      setErrors({});
      if ('jobId' in answer) {
        setJobId(answer.jobId);
        return;
      }
      showToast('success', t('codes.generatedNow', { count: answer.generated, length: answer.length }));
      await queryClient.invalidateQueries({ queryKey: ['codes-summary'] });
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const next: { count?: string; prefix?: string } = {};
        for (const detail of error.details) {
          if (detail.path === 'count' || detail.path === 'prefix') next[detail.path] = detail.message;
        }
        setErrors(next);
        if (Object.keys(next).length === 0) showApiError(error);
      } else showApiError(error);
    },
  });
  const handleFinished = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['codes-summary'] });
  }, [queryClient]);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('codes.generate')}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setJobId(null);
          generate.mutate();
        }}
        noValidate
      >
        <Group align="flex-start">
          <TextInput
            label={t('codes.count')}
            inputMode="numeric"
            value={count}
            onChange={(event) => setCount(event.currentTarget.value)}
            error={errors.count}
            w={180}
          />
          <TextInput
            label={t('codes.prefix')}
            description={t('codes.prefixHelp')}
            value={prefix}
            onChange={(event) => setPrefix(event.currentTarget.value.toUpperCase())}
            error={errors.prefix}
            maxLength={10}
            w={200}
          />
          <Button type="submit" mt={24} loading={generate.isPending}>
            {t('codes.generateButton')}
          </Button>
        </Group>
      </form>
      {jobId && (
        <Stack mt="md">
          <JobProgress jobId={jobId} onFinished={handleFinished} />
        </Stack>
      )}
    </Card>
  );
}

function UploadCodes({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <CsvUploadCard
      title={t('codes.upload')}
      help={t('codes.uploadHelp')}
      limit={UPLOAD_LIMITS['reward-codes'].label}
      upload={(file, choice) => uploadCodes(campaignId, file, choice)}
      onUploaded={() => queryClient.invalidateQueries({ queryKey: ['codes-summary'] })}
    />
  );
}

/** Codes of a reward-code campaign: counts, generation (with a job's progress), upload, look-up. */
export function CodesPage() {
  const { t } = useTranslation();
  const { role } = useBackOffice();
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaign');
  const campaigns = useQuery(campaignOptionsQuery());
  const options = (campaigns.data ?? [])
    .filter((campaign) => campaign.kind === 'reward_code')
    .map((campaign) => ({ value: campaign.id, label: `${campaign.title} (${campaign.name})` }));
  const summary = useQuery({ ...codesSummaryQuery(campaignId), enabled: Boolean(campaignId) });
  const row = summary.data?.find((item) => item.campaignId === campaignId);
  const isAdmin = role === 'ADMIN';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('codes.title')}
      </Title>
      <Select
        label={t('codes.campaign')}
        placeholder={t('codes.chooseCampaign')}
        data={options}
        value={campaignId}
        onChange={(value) => setParams(value ? { campaign: value } : {}, { replace: true })}
        searchable
        nothingFoundMessage={t('codes.noCampaigns')}
        maw={480}
      />
      {campaignId ? (
        <>
          {summary.error ? <Alert color="red">{summary.error.message}</Alert> : <SummaryCards row={row} />}
          {isAdmin && <GenerateCodes key={`g-${campaignId}`} campaignId={campaignId} />}
          {isAdmin && <UploadCodes key={`u-${campaignId}`} campaignId={campaignId} />}
        </>
      ) : (
        <Text c="dimmed">{t('codes.chooseCampaignHelp')}</Text>
      )}
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('codes.lookupTitle')}
        </Title>
        <CodeLookup />
      </Card>
    </Stack>
  );
}
