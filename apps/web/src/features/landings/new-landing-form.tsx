import { Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { CreateLanding, LANDING_TEMPLATE_PAGES } from '@promo/contract';
import { createDocument, type LandingDocument, pageBrandOf, templateDocument } from '@promo/landing';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { bodyResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { campaignFormQuery, campaignQuery } from '../campaigns/index.ts';
import { ownTenantQuery } from '../tenants/index.ts';
import { useCreateLanding, useCreateLandingFromTemplate } from './landings.hooks.ts';
import { TemplateThumbnail } from './template-thumbnail.tsx';

type Template = 'blank' | (typeof LANDING_TEMPLATE_PAGES)[number];
type NewLandingValues = { name: string; template: Template };
const TEMPLATES: readonly Template[] = ['blank', ...LANDING_TEMPLATE_PAGES];

/**
 * The page each choice starts from, drawn for its thumbnail: the campaign's designed form or
 * thank-you page filled with its texts and fields as the server fills it (the same
 * `templateDocument`), or the empty page. Null while the campaign is being read.
 */
function useStartingPages(campaignId: string, name: string): Record<Template, LandingDocument> | null {
  const campaign = useQuery(campaignQuery(campaignId));
  const form = useQuery(campaignFormQuery(campaignId));
  if (!campaign.data) return null;
  const filled = {
    kind: campaign.data.kind,
    title: campaign.data.title,
    description: campaign.data.description,
    fields: form.data?.fields ?? [],
  };
  return {
    blank: createDocument({ title: name.trim() || campaign.data.title }),
    form: templateDocument(filled, 'form'),
    thanks: templateDocument(filled, 'thanks'),
  };
}

/**
 * Creates a landing of the campaign: an empty page titled as the landing, or the designed form or
 * thank-you page of the campaign's kind, filled by the server with the campaign's fields and texts.
 * Each choice shows what it starts from.
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
  const name = form.watch('name');
  const pages = useStartingPages(campaignId, name);
  const tenant = useQuery(ownTenantQuery());
  const brand = tenant.data ? pageBrandOf(tenant.data) : undefined;
  const submit = (body: CreateLanding) => {
    const template = form.getValues('template');
    if (template === 'blank') create.mutate(body);
    else fromTemplate.mutate({ name: body.name, campaignId, page: template });
  };
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)}>
      <Stack gap="sm">
        <TextInput
          label={t('landings.newName')}
          {...form.register('name')}
          error={fieldMessage(form.formState.errors.name)}
          data-testid="new-landing-name"
          maw={360}
        />
        <Controller
          control={form.control}
          name="template"
          render={({ field }) => (
            <Radio.Group
              label={t('landings.template')}
              value={field.value}
              onChange={(value) => field.onChange(value as Template)}
            >
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} maw={720} mt={4}>
                {TEMPLATES.map((value) => (
                  <Radio.Card key={value} value={value} p="sm" radius="md" data-testid={`template-${value}`}>
                    <Group wrap="nowrap" align="flex-start" gap="xs" mb="xs">
                      <Radio.Indicator />
                      <Text size="sm" fw={600}>
                        {t(`landings.templates.${value}`)}
                      </Text>
                    </Group>
                    {pages ? (
                      <TemplateThumbnail
                        document={pages[value]}
                        brand={brand}
                        label={t('landings.thumbnail', { template: t(`landings.templates.${value}`) })}
                      />
                    ) : null}
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
          )}
        />
        <Group>
          <Button
            type="submit"
            disabled={name.trim() === ''}
            loading={create.isPending || fromTemplate.isPending}
          >
            {t('landings.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
