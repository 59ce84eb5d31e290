import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { CreateRedeemCodeBatch, type RedeemCodeBatch, UPLOAD_LIMITS } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeBatchPanel, PrefixField, showOnFields } from '../../components/code-batch-panel.tsx';
import { type Column, DataTable, useTableState } from '../../components/data-table.tsx';
import { bodyResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { formatDateTime, formatQuantity } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { productOptionsQuery } from '../products/index.ts';
import { batchesQuery, uploadRedeemCodes } from './points.api.ts';
import { useCreateBatch, useDownloadBatch, useRefreshBatches } from './points.hooks.ts';
import { type BatchFormValues, type BatchValueKind, batchValue, toBatchBody } from './points-model.ts';

const EMPTY_BATCH: BatchFormValues = {
  name: '',
  count: '',
  prefix: '',
  kind: 'points',
  points: '',
  productId: null,
};

/** The batch's name, shown in the list and on its exports (blank: the next "Lote N"). */
function BatchNameField<TBody>({ form }: { form: UseFormReturn<BatchFormValues, unknown, TBody> }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('batches.batchName')}
      description={t('batches.batchNameHelp')}
      maxLength={120}
      {...form.register('name')}
      error={fieldMessage(form.formState.errors.name)}
      w={240}
    />
  );
}
/** What each code of a new batch gives: points, or one unit of a product redeemed with a code. */
function BatchValueFields<TBody>({ form }: { form: UseFormReturn<BatchFormValues, unknown, TBody> }) {
  const { t } = useTranslation();
  const products = useQuery(productOptionsQuery());
  const { errors } = form.formState;
  return (
    <Group align="flex-start">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('batches.valueKind')}
        </Text>
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <SegmentedControl
              value={field.value}
              onChange={(value) => field.onChange(value as BatchValueKind)}
              data={[
                { value: 'points', label: t('batches.valuePoints') },
                { value: 'product', label: t('batches.valueProduct') },
              ]}
            />
          )}
        />
      </Stack>
      {form.watch('kind') === 'points' ? (
        <TextInput
          label={t('batches.points')}
          inputMode="numeric"
          {...form.register('points')}
          error={fieldMessage(errors.points)}
          w={160}
        />
      ) : (
        <Controller
          control={form.control}
          name="productId"
          render={({ field }) => (
            <Select
              label={t('batches.product')}
              data={(products.data ?? [])
                .filter((product) => product.redeemWith === 'code')
                .map((product) => ({ value: product.id, label: product.name }))}
              value={field.value}
              onChange={field.onChange}
              searchable
              error={fieldMessage(errors.productId ?? errors.points)}
              w={240}
            />
          )}
        />
      )}
    </Group>
  );
}

const batchValueOf = ({ kind, points, productId }: BatchFormValues) => batchValue(kind, points, productId);

/** Generates a batch of codes or uploads one, each with the value its codes give. */
function BatchPanel({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const generateForm = useForm<BatchFormValues, unknown, CreateRedeemCodeBatch>({
    resolver: bodyResolver(
      CreateRedeemCodeBatch,
      (values: BatchFormValues) => toBatchBody(campaignId, values) as CreateRedeemCodeBatch,
    ),
    defaultValues: EMPTY_BATCH,
  });
  const uploadForm = useForm<BatchFormValues>({ defaultValues: EMPTY_BATCH });
  const create = useCreateBatch();
  const refresh = useRefreshBatches();
  const handleGenerate = generateForm.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (answer) => showToast('success', t('batches.generated', { count: answer.batch.codes })),
      onError: (error) =>
        showApiError(error, generateForm.setError, ['name', 'count', 'prefix', 'points', 'productId']),
    }),
  );
  return (
    <CodeBatchPanel
      generate={{
        title: t('batches.generate'),
        submitLabel: t('batches.generateButton'),
        onSubmit: () => void handleGenerate(),
        isPending: create.isPending,
        isStacked: true,
        fields: (
          <>
            <BatchNameField form={generateForm} />
            <Group align="flex-start">
              <TextInput
                label={t('batches.count')}
                inputMode="numeric"
                {...generateForm.register('count')}
                error={fieldMessage(generateForm.formState.errors.count)}
                w={160}
              />
              <PrefixField
                control={generateForm.control}
                name="prefix"
                label={t('batches.prefix')}
                description={t('batches.prefixHelp')}
                error={generateForm.formState.errors.prefix}
              />
            </Group>
            <BatchValueFields form={generateForm} />
          </>
        ),
      }}
      upload={{
        title: t('batches.upload'),
        help: t('batches.uploadHelp'),
        limit: UPLOAD_LIMITS['redeem-codes'].label,
        fields: (
          <>
            <BatchNameField form={uploadForm} />
            <BatchValueFields form={uploadForm} />
          </>
        ),
        upload: async (file, choice) => {
          const values = uploadForm.getValues();
          const name = values.name.trim();
          const answer = await uploadRedeemCodes(
            { campaignId, ...(name ? { name } : {}), ...batchValueOf(values) },
            file,
            choice,
          );
          return answer.report;
        },
        onUploaded: () => {
          uploadForm.clearErrors();
          return refresh();
        },
        onError: (error) => {
          uploadForm.clearErrors();
          return showOnFields(error, uploadForm.setError, ['name', 'points', 'productId']);
        },
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
  const download = useDownloadBatch();
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
    { key: 'codes', label: t('batches.codes'), render: (b) => formatQuantity(b.codes) },
    { key: 'used', label: t('batches.used'), render: (b) => formatQuantity(b.used) },
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
                        name: b.name ?? '',
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
      {isAdmin && <BatchPanel key={campaignId} campaignId={campaignId} />}
    </Stack>
  );
}
