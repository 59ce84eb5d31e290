import {
  Button,
  ColorInput,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import type { CreateMarketplace, Marketplace, UpdateMarketplace } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage, showApiError, wholeFieldError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { campaignOptionsQuery } from '../campaigns/index.ts';
import { productOptionsQuery } from '../products/index.ts';
import {
  MARKETPLACE_FIELDS,
  type MarketplaceFormValues,
  marketplaceFormValues,
  marketplaceResolver,
} from './marketplace-form-model.ts';
import { useSaveMarketplace } from './marketplaces.hooks.ts';

/** Create (no marketplace) or edit one; the spec's messages land on their fields. */
export function MarketplaceForm({ marketplace, onDone }: { marketplace?: Marketplace; onDone: () => void }) {
  const { t } = useTranslation();
  const { timeZone } = useBackOffice();
  const isEdit = Boolean(marketplace);
  const campaigns = useQuery(campaignOptionsQuery());
  const products = useQuery(productOptionsQuery());
  const form = useForm<MarketplaceFormValues, unknown, CreateMarketplace | UpdateMarketplace>({
    resolver: marketplaceResolver(isEdit, timeZone),
    defaultValues: marketplaceFormValues(marketplace, timeZone),
  });
  const mutation = useSaveMarketplace(marketplace);
  const handleSubmit = form.handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: () => {
        showToast('success', isEdit ? t('marketplaces.updated') : t('marketplaces.created'));
        onDone();
      },
      onError: (error) => showApiError(error, form.setError, MARKETPLACE_FIELDS),
    }),
  );
  const { errors } = form.formState;
  const campaignOptions = (campaigns.data ?? [])
    .filter((campaign) => campaign.kind === 'points' || campaign.kind === 'marketplace')
    .map((campaign) => ({ value: campaign.id, label: `${campaign.title} (${campaign.name})` }));
  const productOptions = (products.data ?? []).map((product) => ({
    value: product.id,
    label: `${product.name}${product.active ? '' : ` (${t('products.isInactive')})`}`,
  }));
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('marketplaces.name')}
            required
            data-autofocus
            {...form.register('name')}
            error={fieldMessage(errors.name)}
          />
          <TextInput
            label={t('marketplaces.templateId')}
            description={t('marketplaces.templateHelp')}
            required
            autoComplete="off"
            {...form.register('templateId')}
            error={fieldMessage(errors.templateId)}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="campaignId"
          render={({ field }) => (
            <Select
              label={t('marketplaces.campaign')}
              description={t('marketplaces.campaignHelp')}
              data={campaignOptions}
              value={field.value}
              onChange={field.onChange}
              searchable
              required
              disabled={isEdit}
              nothingFoundMessage={t('table.noResults')}
              error={fieldMessage(errors.campaignId)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="productIds"
          render={({ field }) => (
            <MultiSelect
              label={t('marketplaces.products')}
              data={productOptions}
              value={field.value}
              onChange={field.onChange}
              searchable
              required
              hidePickedOptions
              nothingFoundMessage={t('table.noResults')}
              error={fieldMessage(wholeFieldError(errors.productIds))}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="datetime-local"
            label={t('marketplaces.opensAt')}
            description={t('marketplaces.windowHelp')}
            {...form.register('opensAt')}
            error={fieldMessage(errors.opensAt)}
          />
          <TextInput
            type="datetime-local"
            label={t('marketplaces.closesAt')}
            description={t('marketplaces.windowHelp')}
            {...form.register('closesAt')}
            error={fieldMessage(errors.closesAt)}
          />
          <Controller
            control={form.control}
            name="primaryColor"
            render={({ field }) => (
              <ColorInput
                label={t('marketplaces.primaryColor')}
                description={t('marketplaces.primaryColorHelp')}
                value={field.value}
                onChange={field.onChange}
                format="hex"
                error={fieldMessage(wholeFieldError((errors as Record<string, unknown>).appearance))}
              />
            )}
          />
          <TextInput label={t('marketplaces.headline')} maxLength={200} {...form.register('headline')} />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Switch
              label={t('marketplaces.active')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {isEdit ? t('actions.save') : t('actions.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
