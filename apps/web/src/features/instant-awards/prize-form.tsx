import { Button, Group, Stack, TextInput } from '@mantine/core';
import { CreatePrize, type Prize } from '@promo/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { bodyResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { CentreSelect } from '../centres/index.ts';
import { useDepartmentLabel } from '../countries/index.ts';
import { useSavePrize } from './instant-awards.hooks.ts';

type PrizeFormValues = {
  name: string;
  value: string;
  stock: string;
  department: string;
  centreId: string | null;
};

const PRIZE_FIELDS = ['name', 'value', 'stock', 'department', 'centreId'] as const;

const toPrizeBody = (values: PrizeFormValues): CreatePrize => ({
  name: values.name.trim(),
  value: Number(values.value),
  stock: Number(values.stock),
  department: values.department.trim() || null,
  centreId: values.centreId,
});

/** Creates a prize of the campaign (no prize given) or edits one. */
export function PrizeForm({
  campaignId,
  prize,
  onDone,
}: {
  campaignId: string;
  prize?: Prize;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const departmentLabel = useDepartmentLabel();
  const form = useForm<PrizeFormValues, unknown, CreatePrize>({
    resolver: bodyResolver(CreatePrize, toPrizeBody),
    defaultValues: {
      name: prize?.name ?? '',
      value: String(prize?.value ?? 0),
      stock: String(prize?.stock ?? 1),
      department: prize?.department ?? '',
      centreId: prize?.centreId ?? null,
    },
  });
  const save = useSavePrize(campaignId, prize?.id, {
    onSuccess: () => {
      showToast('success', prize ? t('instantAwards.prizes.updated') : t('instantAwards.prizes.created'));
      onDone();
    },
    onError: (error) => showApiError(error, form.setError, PRIZE_FIELDS),
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <Stack>
        <TextInput
          label={t('instantAwards.prizes.name')}
          {...form.register('name')}
          error={fieldMessage(errors.name)}
          required
        />
        <Group grow>
          <TextInput
            label={t('instantAwards.prizes.value')}
            inputMode="numeric"
            {...form.register('value')}
            error={fieldMessage(errors.value)}
          />
          <TextInput
            label={t('instantAwards.prizes.stock')}
            inputMode="numeric"
            {...form.register('stock')}
            error={fieldMessage(errors.stock)}
          />
        </Group>
        <TextInput
          label={t('instantAwards.prizes.department', { label: departmentLabel })}
          {...form.register('department')}
          error={fieldMessage(errors.department)}
        />
        <Controller
          control={form.control}
          name="centreId"
          render={({ field }) => (
            <CentreSelect
              label={t('instantAwards.prizes.centre')}
              value={field.value}
              onChange={field.onChange}
              error={fieldMessage(errors.centreId)}
            />
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {prize ? t('actions.save') : t('actions.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
