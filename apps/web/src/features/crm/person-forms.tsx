import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { CrmCreateUser, type CrmUserInfo, SEXES, UPLOAD_LIMITS } from '@promo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CsvUploadForm } from '../../components/csv-upload.tsx';
import { ApiError } from '../../lib/api.ts';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { countriesQuery } from '../countries/index.ts';
import { createPerson, uploadPeople, userInfo } from './crm.api.ts';

const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

function CountrySelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const countries = useQuery(countriesQuery());
  return (
    <Select
      label={t('crm.country')}
      data={(countries.data ?? []).map((country) => ({
        value: country.code,
        label: `${country.name} (${country.code})`,
      }))}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      allowDeselect={false}
      searchable
      error={error}
    />
  );
}

/** Looks a person up by identity number, with their participation history. */
export function PersonLookup() {
  const { t } = useTranslation();
  const { timeZone, locale } = useBackOffice();
  const [cedula, setCedula] = useState('');
  const lookup = useMutation({ mutationFn: userInfo });
  const info: CrmUserInfo | undefined = lookup.data;
  const person = info?.participant;
  return (
    <Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (cedula.trim()) lookup.mutate(cedula.trim());
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={t('crm.cedula')}
            value={cedula}
            onChange={(event) => setCedula(event.currentTarget.value)}
            autoComplete="off"
            w={260}
          />
          <Button type="submit" loading={lookup.isPending} disabled={!cedula.trim()}>
            {t('crm.lookup')}
          </Button>
        </Group>
      </form>
      {lookup.error && (
        <Alert color="red" role="alert" data-testid="lookup-error">
          {lookup.error instanceof ApiError ? lookup.error.message : t('errors.unexpected')}
        </Alert>
      )}
      {person && info && (
        <Card withBorder>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {(
              [
                [t('crm.cedula'), person.cedula],
                [t('crm.name'), person.name],
                [t('crm.email'), person.email],
                [t('crm.phone'), person.phone],
                [t('crm.birthdate'), person.birthdate],
                [t('crm.sex'), person.sex ? t(`crm.sexes.${person.sex}`) : null],
                [t('crm.department'), person.department],
                [t('crm.consentAt'), formatDateTime(person.consentAt, timeZone, locale)],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text>{value || '—'}</Text>
              </div>
            ))}
          </SimpleGrid>
          {person.erased && (
            <Badge color="gray" mt="sm">
              {t('crm.erased')}
            </Badge>
          )}
          <Table mt="md" striped>
            <Table.Caption>{t('crm.history')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('crm.when')}</Table.Th>
                <Table.Th>{t('crm.campaign')}</Table.Th>
                <Table.Th>{t('crm.device')}</Table.Th>
                <Table.Th>{t('crm.outcome')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {info.participations.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed">{t('crm.noParticipations')}</Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {info.participations.map((participation) => (
                <Table.Tr key={participation.id}>
                  <Table.Td>{formatDateTime(participation.createdAt, timeZone, locale)}</Table.Td>
                  <Table.Td>
                    {participation.campaignTitle} ({participation.campaignName})
                  </Table.Td>
                  <Table.Td>
                    {t(
                      `stats.devices.${['unknown', 'mobile', 'tablet', 'desktop'][participation.deviceClass] ?? 'unknown'}`,
                    )}
                  </Table.Td>
                  <Table.Td>
                    <code>{JSON.stringify(participation.outcome)}</code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </Stack>
  );
}

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
export function CreatePersonForm() {
  const { t } = useTranslation();
  const { tenant } = useBackOffice();
  const queryClient = useQueryClient();
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
  const departments = countries.data?.find((country) => country.code === countryCode)?.departments ?? [];
  const mutation = useMutation({
    mutationFn: createPerson,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['participants'] });
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
    <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
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
                label={t('crm.department')}
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

/** Uploads a CSV of people and shows the server's report, row by row. */
export function UploadPeople() {
  const { t } = useTranslation();
  const { tenant } = useBackOffice();
  const queryClient = useQueryClient();
  const [countryCode, setCountryCode] = useState(tenant?.countryCode ?? '');
  return (
    <CsvUploadForm
      help={t('crm.uploadHelp')}
      limit={UPLOAD_LIMITS.participants.label}
      fields={
        <Group>
          <CountrySelect value={countryCode} onChange={setCountryCode} />
        </Group>
      }
      canSend={Boolean(countryCode)}
      upload={(file, choice) => uploadPeople(countryCode, file, choice)}
      onUploaded={() => queryClient.invalidateQueries({ queryKey: ['participants'] })}
    />
  );
}
