import { Autocomplete, Button, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { Centre, CreateCentre, UpdateCentre } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { countryQuery } from '../countries/index.ts';
import {
  CENTRE_FIELDS,
  type CentreFormValues,
  centreFormValues,
  centreResolver,
} from './centre-form-model.ts';
import { useSaveCentre } from './centres.hooks.ts';

/** Create (no centre) or edit a redemption centre; the server's refusals land on their fields. */
export function CentreForm({ centre, onDone }: { centre?: Centre; onDone: () => void }) {
  const { t } = useTranslation();
  const { tenant } = useBackOffice();
  const country = useQuery({ ...countryQuery(tenant?.countryCode ?? ''), enabled: Boolean(tenant) });
  const isEdit = Boolean(centre);
  const [locating, setLocating] = useState(false);
  const form = useForm<CentreFormValues, unknown, CreateCentre | UpdateCentre>({
    resolver: centreResolver(isEdit),
    defaultValues: centreFormValues(centre),
  });
  const mutation = useSaveCentre(centre?.id, {
    onSuccess: () => {
      showToast('success', isEdit ? t('centres.updated') : t('centres.created'));
      onDone();
    },
    onError: (error) => showApiError(error, form.setError, CENTRE_FIELDS),
  });
  const handleLocate = () => {
    if (!('geolocation' in navigator)) {
      showToast('alert', t('centres.locationUnavailable'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        form.setValue('latitude', position.coords.latitude.toFixed(6), { shouldDirty: true });
        form.setValue('longitude', position.coords.longitude.toFixed(6), { shouldDirty: true });
        form.clearErrors(['latitude', 'longitude']);
      },
      () => {
        setLocating(false);
        showToast('alert', t('centres.locationUnavailable'));
      },
      { enableHighAccuracy: true, timeout: 10_000 },
    );
  };
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit((body) => mutation.mutate(body))} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('centres.code')}
            description={t('centres.codeHelp')}
            data-autofocus
            autoComplete="off"
            inputMode="numeric"
            maxLength={6}
            required
            {...form.register('code')}
            error={fieldMessage(errors.code)}
          />
          <TextInput
            label={t('centres.name')}
            required
            {...form.register('name')}
            error={fieldMessage(errors.name)}
          />
          <TextInput
            label={t('centres.address')}
            {...form.register('address')}
            error={fieldMessage(errors.address)}
          />
          <Controller
            control={form.control}
            name="department"
            render={({ field }) => (
              <Autocomplete
                label={country.data?.departmentLabel ?? t('centres.department')}
                data={country.data?.departments ?? []}
                value={field.value}
                onChange={field.onChange}
                error={fieldMessage(errors.department)}
              />
            )}
          />
          <TextInput
            label={t('centres.latitude')}
            description={t('centres.latitudeHelp')}
            inputMode="decimal"
            required
            {...form.register('latitude')}
            error={fieldMessage(errors.latitude)}
          />
          <TextInput
            label={t('centres.longitude')}
            description={t('centres.longitudeHelp')}
            inputMode="decimal"
            required
            {...form.register('longitude')}
            error={fieldMessage(errors.longitude)}
          />
        </SimpleGrid>
        <Group>
          <Button variant="light" size="xs" onClick={handleLocate} loading={locating}>
            {t('centres.useMyLocation')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('centres.useMyLocationHelp')}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('centres.phone')}
            type="tel"
            {...form.register('phone')}
            error={fieldMessage(errors.phone)}
          />
          <TextInput
            label={t('centres.hours')}
            {...form.register('hours')}
            error={fieldMessage(errors.hours)}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Switch
              label={t('centres.active')}
              name={field.name}
              ref={field.ref}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
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
