import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { CreateLanding, LANDING_TEMPLATE_PAGES } from '@promo/contract';
import { createDocument } from '@promo/landing';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { bodyResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useCreateLanding, useCreateLandingFromTemplate } from './landings.hooks.ts';

type Template = 'blank' | (typeof LANDING_TEMPLATE_PAGES)[number];
type NewLandingValues = { name: string; template: Template };

/**
 * Creates a landing of the campaign: an empty page titled as the landing, or the designed form or
 * thank-you page of the campaign's kind, filled by the server with the campaign's fields and texts.
 */
export function NewLandingForm({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const form = useForm<NewLandingValues, unknown, CreateLanding>({
    resolver: bodyResolver(CreateLanding, ({ name }: NewLandingValues) => ({
      name: name.trim(),
      campaignId,
      document: createDocument({ title: name.trim() }),
    })),
    defaultValues: { name: '', template: 'blank' },
  });
  const reactions = {
    onSuccess: () => {
      form.reset();
      showToast('success', t('landings.created'));
    },
    onError: (error: unknown) => showApiError(error, form.setError, ['name']),
  };
  const create = useCreateLanding(reactions);
  const fromTemplate = useCreateLandingFromTemplate(reactions);
  const isBlank = form.watch('name').trim() === '';
  const submit = (body: CreateLanding) => {
    const template = form.getValues('template');
    if (template === 'blank') create.mutate(body);
    else fromTemplate.mutate({ name: body.name, campaignId, page: template });
  };
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)}>
      <Group align="end">
        <TextInput
          label={t('landings.newName')}
          {...form.register('name')}
          error={fieldMessage(form.formState.errors.name)}
          data-testid="new-landing-name"
        />
        <NativeSelect
          label={t('landings.template')}
          data={(['blank', ...LANDING_TEMPLATE_PAGES] as const).map((value) => ({
            value,
            label: t(`landings.templates.${value}`),
          }))}
          {...form.register('template')}
        />
        <Button type="submit" disabled={isBlank} loading={create.isPending || fromTemplate.isPending}>
          {t('landings.create')}
        </Button>
      </Group>
    </form>
  );
}
