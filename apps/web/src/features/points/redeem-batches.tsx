import { Button, Card, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { CreateRedeemCodeBatch, type RedeemCodeBatch, UPLOAD_LIMITS } from '@promo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvUploadCard } from '../../components/csv-upload.tsx';
import { type Column, DataTable, useTableState } from '../../components/data-table.tsx';
import { ApiError } from '../../lib/api.ts';
import { checkedBody } from '../../lib/checked-body.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { parseWhole, productOptionsQuery } from '../products/index.ts';
import { batchesQuery, createBatch, downloadBatch, uploadRedeemCodes } from './points.api.ts';
import { type BatchValueKind, batchValue } from './points-model.ts';

type Errors = Record<string, string>;

function errorsOf(error: unknown, fields: readonly string[]): Errors | null {
  if (!(error instanceof ApiError)) return null;
  const found: Errors = {};
  for (const detail of error.details) {
    const field = fields.find((name) => detail.path === name || detail.path.startsWith(`${name}.`));
    if (field) found[field] ??= detail.message ?? error.message;
  }
  return Object.keys(found).length > 0 ? found : null;
}

/** What each code of a new batch gives: points, or one unit of a product redeemed with a code. */
function BatchValueFields({
  kind,
  onKind,
  points,
  onPoints,
  productId,
  onProduct,
  errors,
}: {
  kind: BatchValueKind;
  onKind: (kind: BatchValueKind) => void;
  points: string;
  onPoints: (value: string) => void;
  productId: string | null;
  onProduct: (value: string | null) => void;
  errors: Errors;
}) {
  const { t } = useTranslation();
  const products = useQuery(productOptionsQuery());
  return (
    <Group align="flex-start">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('batches.valueKind')}
        </Text>
        <SegmentedControl
          value={kind}
          onChange={(value) => onKind(value as BatchValueKind)}
          data={[
            { value: 'points', label: t('batches.valuePoints') },
            { value: 'product', label: t('batches.valueProduct') },
          ]}
        />
      </Stack>
      {kind === 'points' ? (
        <TextInput
          label={t('batches.points')}
          inputMode="numeric"
          value={points}
          onChange={(event) => onPoints(event.currentTarget.value)}
          error={errors.points}
          w={160}
        />
      ) : (
        <Select
          label={t('batches.product')}
          data={(products.data ?? [])
            .filter((product) => product.redeemWith === 'code')
            .map((product) => ({ value: product.id, label: product.name }))}
          value={productId}
          onChange={onProduct}
          searchable
          error={errors.productId ?? errors.points}
          w={240}
        />
      )}
    </Group>
  );
}

function GenerateBatch({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [count, setCount] = useState('');
  const [prefix, setPrefix] = useState('');
  const [kind, setKind] = useState<BatchValueKind>('points');
  const [points, setPoints] = useState('');
  const [productId, setProductId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const generate = useMutation({
    mutationFn: () =>
      createBatch(
        checkedBody(CreateRedeemCodeBatch, {
          campaignId,
          count: parseWhole(count) ?? Number.NaN,
          ...(prefix.trim() ? { prefix: prefix.trim().toUpperCase() } : {}),
          ...batchValue(kind, points, productId),
        }),
      ),
    onSuccess: async (answer) => {
      setErrors({});
      showToast('success', t('batches.generated', { count: answer.batch.codes }));
      await queryClient.invalidateQueries({ queryKey: ['redeem-code-batches'] });
    },
    onError: (error) => {
      const found = errorsOf(error, ['count', 'prefix', 'points', 'productId']);
      setErrors(found ?? {});
      if (!found) showApiError(error);
    },
  });
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('batches.generate')}
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          generate.mutate();
        }}
      >
        <Stack>
          <Group align="flex-start">
            <TextInput
              label={t('batches.count')}
              inputMode="numeric"
              value={count}
              onChange={(event) => setCount(event.currentTarget.value)}
              error={errors.count}
              w={160}
            />
            <TextInput
              label={t('batches.prefix')}
              description={t('batches.prefixHelp')}
              value={prefix}
              onChange={(event) => setPrefix(event.currentTarget.value.toUpperCase())}
              error={errors.prefix}
              maxLength={10}
              w={200}
            />
          </Group>
          <BatchValueFields
            kind={kind}
            onKind={setKind}
            points={points}
            onPoints={setPoints}
            productId={productId}
            onProduct={setProductId}
            errors={errors}
          />
          <Group>
            <Button type="submit" loading={generate.isPending}>
              {t('batches.generateButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function UploadBatch({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<BatchValueKind>('points');
  const [points, setPoints] = useState('');
  const [productId, setProductId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  return (
    <CsvUploadCard
      title={t('batches.upload')}
      help={t('batches.uploadHelp')}
      limit={UPLOAD_LIMITS['redeem-codes'].label}
      fields={
        <BatchValueFields
          kind={kind}
          onKind={setKind}
          points={points}
          onPoints={setPoints}
          productId={productId}
          onProduct={setProductId}
          errors={errors}
        />
      }
      upload={async (file, choice) => {
        const answer = await uploadRedeemCodes(
          { campaignId, ...batchValue(kind, points, productId) },
          file,
          choice,
        );
        return answer.report;
      }}
      onUploaded={() => {
        setErrors({});
        return queryClient.invalidateQueries({ queryKey: ['redeem-code-batches'] });
      }}
      onError={(error) => {
        const found = errorsOf(error, ['points', 'productId']);
        setErrors(found ?? {});
        return found !== null;
      }}
    />
  );
}

/** Redeem code batches of a points campaign: list with exports, generation, CSV upload. */
export function RedeemBatches({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const { role, timeZone, locale } = useBackOffice();
  const table = useTableState({ sort: '-createdAt' });
  const batches = useQuery(batchesQuery({ ...table.state, campaignId }));
  const download = useMutation({
    mutationFn: ({ batch, format }: { batch: RedeemCodeBatch; format: 'csv' | 'xlsx' }) =>
      downloadBatch(batch, format),
    onError: (error) => showApiError(error),
  });
  const isAdmin = role === 'ADMIN';
  const columns: Column<RedeemCodeBatch>[] = [
    { key: 'name', label: t('batches.name'), render: (b) => b.name ?? '' },
    {
      key: 'value',
      label: t('batches.value'),
      render: (b) =>
        b.points !== null
          ? t('batches.pointsValue', { count: b.points })
          : t('batches.productValue', { name: b.productName ?? '' }),
    },
    { key: 'source', label: t('batches.source'), render: (b) => t(`batches.sources.${b.source}`) },
    { key: 'codes', label: t('batches.codes'), render: (b) => b.codes.toLocaleString('en-GB') },
    { key: 'used', label: t('batches.used'), render: (b) => b.used.toLocaleString('en-GB') },
    {
      key: 'createdAt',
      label: t('batches.createdAt'),
      render: (b) => formatDateTime(b.createdAt, timeZone, locale),
    },
  ];
  return (
    <Stack>
      <DataTable
        caption={t('batches.caption')}
        columns={columns}
        data={batches.data}
        isLoading={batches.isLoading}
        error={batches.error}
        onRetry={() => void batches.refetch()}
        rowKey={(b) => b.id}
        table={table}
        actions={
          isAdmin
            ? (b) => (
                <Group gap={4} wrap="nowrap">
                  {(['csv', 'xlsx'] as const).map((format) => (
                    <Button
                      key={format}
                      size="xs"
                      variant="subtle"
                      onClick={() => download.mutate({ batch: b, format })}
                      aria-label={t('batches.exportNamed', {
                        name: b.name ?? b.id.slice(0, 8),
                        format: format.toUpperCase(),
                      })}
                    >
                      {format.toUpperCase()}
                    </Button>
                  ))}
                </Group>
              )
            : undefined
        }
      />
      {isAdmin && <GenerateBatch key={`g-${campaignId}`} campaignId={campaignId} />}
      {isAdmin && <UploadBatch key={`u-${campaignId}`} campaignId={campaignId} />}
    </Stack>
  );
}
