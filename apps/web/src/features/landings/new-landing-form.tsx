import { Button, Group, TextInput } from '@mantine/core';
import { CreateLanding } from '@promo/contract';
import { createDocument } from '@promo/landing';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { bodyResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useCreateLanding } from './landings.hooks.ts';

type NewLandingValues = { name: string };

/** Creates a landing of the campaign, its document an empty page titled as the landing. */
export function NewLandingForm({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const form = useForm<NewLandingValues, unknown, CreateLanding>({
    resolver: bodyResolver(CreateLanding, ({ name }: NewLandingValues) => ({
      name: name.trim(),
      campaignId,
      document: createDocument({ title: name.trim() }),
    })),
    defaultValues: { name: '' },
  });
  const create = useCreateLanding({
    onSuccess: () => {
      form.reset();
      showToast('success', t('landings.created'));
    },
    onError: (error) => showApiError(error, form.setError, ['name']),
  });
  const isBlank = form.watch('name').trim() === '';
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => create.mutate(body))}>
      <Group align="end">
        <TextInput
          label={t('landings.newName')}
          {...form.register('name')}
          error={fieldMessage(form.formState.errors.name)}
          data-testid="new-landing-name"
        />
        <Button type="submit" disabled={isBlank} loading={create.isPending}>
          {t('landings.create')}
        </Button>
      </Group>
    </form>
  );
}
