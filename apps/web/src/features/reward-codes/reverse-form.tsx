import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useReverseRedemption } from './reward-codes.hooks.ts';

/** The reason of a reversal, asked in a modal; `onDone(true)` once the redemption is reversed. */
export function ReverseForm({
  redemptionId,
  onDone,
}: {
  redemptionId: string;
  onDone: (reversed: boolean) => void;
}) {
  const { t } = useTranslation();
  const form = useForm({ defaultValues: { reason: '' } });
  const reverse = useReverseRedemption();
  const handleSubmit = form.handleSubmit(({ reason }) =>
    reverse.mutate(
      { id: redemptionId, reason: reason.trim() },
      {
        onSuccess: () => {
          showToast('success', t('codes.reversed'));
          onDone(true);
        },
        onError: (error) => showApiError(error, form.setError, ['reason']),
      },
    ),
  );
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <Textarea
          label={t('codes.reverseReason')}
          data-autofocus
          autosize
          minRows={2}
          {...form.register('reason')}
          error={fieldMessage(form.formState.errors.reason)}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(false)}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            color="red"
            loading={reverse.isPending}
            disabled={!form.watch('reason').trim()}
          >
            {t('codes.reverse')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
