import { Button, Group, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type Country, CreateCountry } from '@promo/contract';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useSaveCountry } from './countries.hooks.ts';

const FIELDS = [
  'code',
  'name',
  'timeZone',
  'currency',
  'phonePrefix',
  'phoneDigits',
  'identity',
  'departmentLabel',
  'departments',
] as const;

const EMPTY: CreateCountry = {
  code: '',
  name: '',
  timeZone: 'America/Guatemala',
  currency: '',
  phonePrefix: '+',
  phoneDigits: 8,
  identity: { label: '', pattern: '', example: null },
  departmentLabel: 'Departamento',
  departments: [],
};

function firstError(errors: unknown): FieldError | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  if ('message' in errors && typeof (errors as FieldError).message === 'string') return errors as FieldError;
  for (const value of Object.values(errors)) {
    const found = firstError(value);
    if (found) return found;
  }
  return undefined;
}

/** Creates a country, or edits one (its code stays). Departments are one per line. */
export function CountryForm({ country, onDone }: { country?: Country; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: contractResolver(CreateCountry), defaultValues: country ?? EMPTY });
  const mutation = useSaveCountry(country?.code, {
    onSuccess: () => {
      showToast('success', t(country ? 'countries.updated' : 'countries.created'));
      onDone();
    },
    onError: (error) => showApiError(error, form.setError, FIELDS),
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('countries.code')}
            description={t('countries.codeHelp')}
            data-autofocus
            disabled={Boolean(country)}
            {...form.register('code', { setValueAs: (value: string) => value.toUpperCase() })}
            error={fieldMessage(errors.code)}
          />
          <TextInput
            label={t('countries.name')}
            {...form.register('name')}
            error={fieldMessage(errors.name)}
          />
          <TextInput
            label={t('countries.timeZone')}
            {...form.register('timeZone')}
            error={fieldMessage(errors.timeZone)}
          />
          <TextInput
            label={t('countries.currency')}
            {...form.register('currency', { setValueAs: (value: string) => value.toUpperCase() })}
            error={fieldMessage(errors.currency)}
          />
          <TextInput
            label={t('countries.phonePrefix')}
            {...form.register('phonePrefix')}
            error={fieldMessage(errors.phonePrefix)}
          />
          <Controller
            control={form.control}
            name="phoneDigits"
            render={({ field }) => (
              <NumberInput
                label={t('countries.phoneDigits')}
                value={field.value}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : Number(value))}
                min={4}
                max={15}
                error={fieldMessage(errors.phoneDigits)}
              />
            )}
          />
          <TextInput
            label={t('countries.identityLabel')}
            {...form.register('identity.label')}
            error={fieldMessage(errors.identity?.label)}
          />
          <TextInput
            label={t('countries.identityPattern')}
            {...form.register('identity.pattern')}
            error={fieldMessage(errors.identity?.pattern)}
          />
          <TextInput
            label={t('countries.identityExample')}
            {...form.register('identity.example', {
              setValueAs: (value: string | null) => (value ? value : null),
            })}
            error={fieldMessage(errors.identity?.example)}
          />
          <TextInput
            label={t('countries.departmentLabel')}
            {...form.register('departmentLabel')}
            error={fieldMessage(errors.departmentLabel)}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="departments"
          render={({ field }) => (
            <Textarea
              label={t('countries.departments')}
              description={t('countries.departmentsHelp')}
              autosize
              minRows={4}
              maxRows={12}
              value={(field.value ?? []).join('\n')}
              onChange={(event) =>
                field.onChange(
                  event.currentTarget.value
                    .split('\n')
                    .map((line) => line.trimStart())
                    .filter((line, index, lines) => line !== '' || index === lines.length - 1),
                )
              }
              onBlur={() => field.onChange((field.value ?? []).map((line) => line.trim()).filter(Boolean))}
              error={fieldMessage(firstError(errors.departments))}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {country ? t('actions.save') : t('actions.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
