import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CrmCreateUser, identityAsStored, nationalPhone, SEXES } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { countriesQuery, useDepartmentLabel } from '../countries/index.ts';
import { CountrySelect } from './country-select.tsx';
import { useCreateParticipant } from './participants.hooks.ts';

const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

const PERSON_FIELDS = [
  'countryCode',
  'cedula',
  'name',
  'email',
  'phone',
  'birthdate',
  'sex',
  'department',
] as const;

/** Creates a person; the chosen country decides the department list and the formats. */
export function CreateParticipantForm() {
  const { t } = useTranslation();
  const departmentLabel = useDepartmentLabel();
  const { tenant } = useBackOffice();
  const countries = useQuery(countriesQuery());
  const form = useForm({
    resolver: contractResolver(CrmCreateUser),
    defaultValues: {
      countryCode: tenant?.countryCode ?? '',
      cedula: '',
      name: undefined,
      email: undefined,
      phone: undefined,
      birthdate: undefined,
      sex: undefined,
      department: undefined,
    },
  });
  const countryCode = form.watch('countryCode');
  const country = countries.data?.find((item) => item.code === countryCode);
  const departments = country?.departments ?? [];
  // numbers pasted as printed ("1-0234-0567", "+506 8888 7777") go as the server stores them
  const asStored = (values: CrmCreateUser): CrmCreateUser => ({
    ...values,
    cedula: identityAsStored(values.cedula),
    ...(values.phone && country ? { phone: nationalPhone(values.phone, country) } : {}),
  });
  const mutation = useCreateParticipant({
    onSuccess: () => {
      showToast('success', t('crm.personCreated'));
      form.reset({
        ...form.getValues(),
        cedula: '',
        name: undefined,
        email: undefined,
        phone: undefined,
        birthdate: undefined,
      });
    },
    onError: (error) => showApiError(error, form.setError, PERSON_FIELDS),
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit((values) => mutation.mutate(asStored(values)))} noValidate>
      <Stack maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="countryCode"
            render={({ field }) => (
              <CountrySelect
                value={field.value}
                onChange={(code) => {
                  field.onChange(code);
                  form.setValue('department', undefined);
                }}
                error={fieldMessage(errors.countryCode)}
              />
            )}
          />
          <TextInput
            label={t('crm.cedula')}
            required
            autoComplete="off"
            {...form.register('cedula')}
            error={fieldMessage(errors.cedula)}
          />
          <TextInput
            label={t('crm.name')}
            {...form.register('name', { setValueAs: blankToUndefined })}
            error={fieldMessage(errors.name)}
          />
          <TextInput
            label={t('crm.email')}
            type="email"
            {...form.register('email', { setValueAs: blankToUndefined })}
            error={fieldMessage(errors.email)}
          />
          <TextInput
            label={t('crm.phone')}
            type="tel"
            {...form.register('phone', { setValueAs: blankToUndefined })}
            error={fieldMessage(errors.phone)}
          />
          <TextInput
            label={t('crm.birthdate')}
            type="date"
            {...form.register('birthdate', { setValueAs: blankToUndefined })}
            error={fieldMessage(errors.birthdate)}
          />
          <Controller
            control={form.control}
            name="sex"
            render={({ field }) => (
              <Select
                label={t('crm.sex')}
                data={SEXES.map((sex) => ({ value: sex, label: t(`crm.sexes.${sex}`) }))}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value ?? undefined)}
                clearable
                error={fieldMessage(errors.sex)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="department"
            render={({ field }) => (
              <Select
                label={departmentLabel}
                data={departments}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value ?? undefined)}
                clearable
                searchable
                disabled={departments.length === 0}
                error={fieldMessage(errors.department)}
              />
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            {t('crm.createPerson')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
