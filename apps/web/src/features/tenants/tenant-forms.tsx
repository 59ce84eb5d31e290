import { Button, Fieldset, Group, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { CreateTenant, MapTiles, type Tenant, TenantConfig, UpdateTenant } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { countriesQuery } from '../countries/index.ts';
import { useCreateTenant, useUpdateTenant } from './tenants.hooks.ts';

const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

const CreateForm = CreateTenant.pick({ slug: true, name: true, countryCode: true }).extend({
  admin: CreateTenant.shape.admin.unwrap(),
});

function useCountryOptions() {
  const countries = useQuery(countriesQuery());
  return (countries.data ?? []).map((country) => ({
    value: country.code,
    label: `${country.name} (${country.code})`,
  }));
}

export function CreateTenantForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const countries = useCountryOptions();
  const form = useForm({
    resolver: contractResolver(CreateForm),
    defaultValues: {
      slug: '',
      name: '',
      countryCode: '',
      admin: { username: '', password: '', name: undefined, email: undefined },
    },
  });
  const mutation = useCreateTenant({
    onSuccess: (tenant) => {
      showToast('success', t('tenants.created', { name: tenant.name }));
      onDone();
    },
    onError: (error) =>
      showApiError(error, form.setError, [
        'slug',
        'name',
        'countryCode',
        'admin.username',
        'admin.password',
        'admin.name',
        'admin.email',
      ]),
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
      <Stack>
        <TextInput
          label={t('tenants.slug')}
          description={t('tenants.slugHelp')}
          data-autofocus
          {...form.register('slug')}
          error={fieldMessage(errors.slug)}
        />
        <TextInput label={t('tenants.name')} {...form.register('name')} error={fieldMessage(errors.name)} />
        <Controller
          control={form.control}
          name="countryCode"
          render={({ field }) => (
            <Select
              label={t('tenants.country')}
              data={countries}
              searchable
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              error={fieldMessage(errors.countryCode)}
            />
          )}
        />
        <Fieldset legend={t('tenants.firstAdmin')}>
          <Stack>
            <TextInput
              label={t('users.username')}
              autoComplete="off"
              {...form.register('admin.username')}
              error={fieldMessage(errors.admin?.username)}
            />
            <PasswordInput
              label={t('users.password')}
              autoComplete="new-password"
              {...form.register('admin.password')}
              error={fieldMessage(errors.admin?.password)}
            />
            <TextInput
              label={t('users.name')}
              {...form.register('admin.name', { setValueAs: blankToUndefined })}
              error={fieldMessage(errors.admin?.name)}
            />
            <TextInput
              label={t('users.email')}
              type="email"
              {...form.register('admin.email', { setValueAs: blankToUndefined })}
              error={fieldMessage(errors.admin?.email)}
            />
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('actions.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The tile server is both fields or neither: two blanks mean the server's default. */
const TilesInput = z
  .object({ url: z.string(), attribution: z.string() })
  .superRefine((tiles, ctx) => {
    if (!tiles.url.trim() && !tiles.attribution.trim()) return;
    const checked = MapTiles.safeParse(tiles);
    for (const issue of checked.error?.issues ?? []) ctx.addIssue({ ...issue, code: 'custom' });
  })
  .transform((tiles) => (tiles.url.trim() || tiles.attribution.trim() ? tiles : null));

const EditForm = UpdateTenant.pick({ name: true, countryCode: true }).extend({
  config: TenantConfig.extend({ mapTiles: TilesInput }),
});

export function EditTenantForm({ tenant, onDone }: { tenant: Tenant; onDone: () => void }) {
  const { t } = useTranslation();
  const countries = useCountryOptions();
  const form = useForm({
    resolver: contractResolver(EditForm),
    defaultValues: {
      name: tenant.name,
      countryCode: tenant.countryCode,
      config: { ...tenant.config, mapTiles: tenant.config.mapTiles ?? { url: '', attribution: '' } },
    },
  });
  const mutation = useUpdateTenant({
    onSuccess: () => {
      showToast('success', t('tenants.updated'));
      onDone();
    },
    onError: (error) =>
      showApiError(error, form.setError, [
        'name',
        'countryCode',
        'config.tagManagerId',
        'config.emojiServiceKey',
        'config.supportEmail',
        'config.supportPhone',
        'config.mapTiles.url',
        'config.mapTiles.attribution',
      ]),
  });
  const { errors } = form.formState;
  return (
    <form
      onSubmit={form.handleSubmit((values) => mutation.mutate({ id: tenant.id, changes: values }))}
      noValidate
    >
      <Stack>
        <TextInput label={t('tenants.slug')} value={tenant.slug} readOnly disabled />
        <TextInput
          label={t('tenants.name')}
          data-autofocus
          {...form.register('name')}
          error={fieldMessage(errors.name)}
        />
        <Controller
          control={form.control}
          name="countryCode"
          render={({ field }) => (
            <Select
              label={t('tenants.country')}
              data={countries}
              searchable
              value={field.value ?? null}
              onChange={(value) => field.onChange(value ?? undefined)}
              allowDeselect={false}
              error={fieldMessage(errors.countryCode)}
            />
          )}
        />
        <Fieldset legend={t('tenants.publicPages')}>
          <Stack>
            <TextInput
              label={t('tenants.tagManagerId')}
              description={t('tenants.tagManagerHelp')}
              {...form.register('config.tagManagerId', { setValueAs: blankToNull })}
              error={fieldMessage(errors.config?.tagManagerId)}
            />
            <PasswordInput
              label={t('tenants.emojiServiceKey')}
              description={t('tenants.emojiServiceKeyHelp')}
              autoComplete="off"
              {...form.register('config.emojiServiceKey', { setValueAs: blankToNull })}
              error={fieldMessage(errors.config?.emojiServiceKey)}
            />
            <TextInput
              label={t('tenants.mapTileUrl')}
              description={t('tenants.mapTileUrlHelp')}
              {...form.register('config.mapTiles.url')}
              error={fieldMessage(errors.config?.mapTiles?.url)}
            />
            <TextInput
              label={t('tenants.mapAttribution')}
              {...form.register('config.mapTiles.attribution')}
              error={fieldMessage(errors.config?.mapTiles?.attribution)}
            />
            <TextInput
              label={t('tenants.supportEmail')}
              type="email"
              {...form.register('config.supportEmail', { setValueAs: blankToNull })}
              error={fieldMessage(errors.config?.supportEmail)}
            />
            <TextInput
              label={t('tenants.supportPhone')}
              {...form.register('config.supportPhone', { setValueAs: blankToNull })}
              error={fieldMessage(errors.config?.supportPhone)}
            />
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
