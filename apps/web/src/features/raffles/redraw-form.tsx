import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import type { DrawSummary } from '@promo/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useRedraw } from './raffles.hooks.ts';

/** Replaces one winner by the next alternate, with the reason on record. */
export function RedrawForm({ draw, onDone }: { draw: DrawSummary; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<{ position: string | null; reason: string }>({
    defaultValues: { position: '1', reason: '' },
  });
  const save = useRedraw(draw.drawId);
  const handleSubmit = form.handleSubmit(({ position, reason }) =>
    save.mutate(
      { position: Number(position), reason: reason.trim() },
      {
        onSuccess: () => {
          showToast('success', t('raffles.redraw.done'));
          onDone();
        },
        onError: (error) => showApiError(error, form.setError, ['position', 'reason']),
      },
    ),
  );
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack>
        <Text size="sm">{t('raffles.redraw.help')}</Text>
        <Controller
          control={form.control}
          name="position"
          render={({ field }) => (
            <Select
              label={t('raffles.redraw.position')}
              data={Array.from({ length: draw.winners }, (_, i) => String(i + 1))}
              value={field.value}
              onChange={field.onChange}
              error={fieldMessage(errors.position)}
              allowDeselect={false}
            />
          )}
        />
        <Textarea
          label={t('raffles.redraw.reason')}
          {...form.register('reason')}
          error={fieldMessage(errors.reason)}
          maxLength={500}
          required
        />
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={save.isPending}>
            {t('raffles.redraw.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
