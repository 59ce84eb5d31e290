import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { CAMPAIGN_KINDS, type Campaign, CreateCampaign, UpdateCampaign } from '@promo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../components/rich-text-editor.tsx';
import { StaleWriteDialog } from '../../components/stale-write-dialog.tsx';
import { useStaleWrite } from '../../components/use-stale-write.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { countriesQuery } from '../countries/index.ts';
import {
  CAMPAIGN_FIELDS,
  type CampaignFormValues,
  campaignResolver,
  initialValues,
} from './campaign-form-model.ts';
import { campaignKeys, fetchCampaign } from './campaigns.api.ts';
import { useSaveCampaign } from './campaigns.hooks.ts';
import { ParticipationSettings } from './participation-settings.tsx';
import { RewardCodeSettings } from './reward-code-settings.tsx';

/**
 * Create (no campaign) or edit a campaign's data. An edit is saved on the version it was loaded
 * from; when someone saved the campaign since, the StaleWriteDialog lets the admin see the new
 * version or keep theirs.
 */
export function CampaignForm({
  campaign,
  onDone,
  onCancel,
}: {
  campaign?: Campaign;
  onDone: (campaign: Campaign) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { timeZone, tenant, role } = useBackOffice();
  const isEdit = Boolean(campaign);
  const isReadOnly = role !== 'ADMIN' || Boolean(campaign?.archived);
  const countries = useQuery(countriesQuery());
  const form = useForm<CampaignFormValues, unknown, Record<string, unknown>>({
    resolver: campaignResolver(isEdit ? UpdateCampaign : CreateCampaign, timeZone, isEdit) as never,
    defaultValues: initialValues(campaign, timeZone, tenant?.countryCode ?? ''),
  });
  const queryClient = useQueryClient();
  const mutation = useSaveCampaign(campaign?.id, {
    onSuccess: (saved) => {
      stale.saved(saved);
      showToast('success', isEdit ? t('campaigns.updated') : t('campaigns.created'));
      onDone(saved);
    },
    onError: (error) => {
      if (!stale.isStale(error)) showApiError(error, form.setError, CAMPAIGN_FIELDS);
    },
  });
  const save = (version: number | undefined) =>
    form.handleSubmit((body) => mutation.mutate(isEdit ? { ...body, version } : body));
  const stale = useStaleWrite({
    version: campaign?.version,
    fetchLatest: () => fetchCampaign(campaign?.id ?? ''),
    onSeeNew: (latest) => {
      form.reset(initialValues(latest, timeZone, tenant?.countryCode ?? ''));
      queryClient.setQueryData(campaignKeys.detail(latest.id), latest);
    },
    resend: (version) => void save(version)(),
  });
  const { errors } = form.formState;
  const kinds = CAMPAIGN_KINDS.map((kind) => ({ value: kind, label: t(`campaigns.kinds.${kind}`) }));
  const countryOptions = (countries.data ?? []).map((country) => ({
    value: country.code,
    label: `${country.name} (${country.code})`,
  }));
  const settingsErrors = ((errors as Record<string, unknown>).settings ?? {}) as Record<
    string,
    FieldError | undefined
  >;
  const settingsError = fieldMessage((errors as Record<string, FieldError | undefined>).settings);
  const kind = form.watch('kind');
  const zoneHelp = t('campaigns.timeZoneHelp', { timeZone: timeZone ?? 'UTC' });

  return (
    <form onSubmit={save(stale.version)} noValidate>
      <Stack>
        <fieldset disabled={isReadOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('campaigns.name')}
                description={t('campaigns.nameHelp')}
                data-autofocus
                autoComplete="off"
                required
                {...form.register('name')}
                error={fieldMessage(errors.name)}
              />
              <TextInput
                label={t('campaigns.titleLabel')}
                required
                {...form.register('title')}
                error={fieldMessage(errors.title)}
              />
              <Controller
                control={form.control}
                name="kind"
                render={({ field }) => (
                  <Select
                    label={t('campaigns.kind')}
                    data={kinds}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? 'raffle')}
                    allowDeselect={false}
                    disabled={isEdit || isReadOnly}
                    description={isEdit ? t('campaigns.kindFixed') : undefined}
                    error={fieldMessage(errors.kind)}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="countryCode"
                render={({ field }) => (
                  <Select
                    label={t('campaigns.country')}
                    data={countryOptions}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    searchable
                    allowDeselect={false}
                    disabled={isReadOnly}
                    error={fieldMessage(errors.countryCode)}
                  />
                )}
              />
              <TextInput
                type="datetime-local"
                label={t('campaigns.startsAt')}
                description={zoneHelp}
                required
                {...form.register('startsAt')}
                error={fieldMessage(errors.startsAt)}
              />
              <TextInput
                type="datetime-local"
                label={t('campaigns.endsAt')}
                description={zoneHelp}
                required
                {...form.register('endsAt')}
                error={fieldMessage(errors.endsAt)}
              />
              <TextInput
                type="datetime-local"
                label={t('campaigns.redeemFrom')}
                {...form.register('redeemFrom')}
                error={fieldMessage(errors.redeemFrom)}
              />
              <TextInput
                type="datetime-local"
                label={t('campaigns.redeemUntil')}
                {...form.register('redeemUntil')}
                error={fieldMessage(errors.redeemUntil)}
              />
            </SimpleGrid>
            {kind === 'reward_code' && (
              <RewardCodeSettings control={form.control} isReadOnly={isReadOnly} error={settingsError} />
            )}
            <ParticipationSettings control={form.control} kind={kind} errors={settingsErrors} />
            <Textarea
              label={t('campaigns.description')}
              autosize
              minRows={2}
              {...form.register('description')}
              error={fieldMessage(errors.description)}
            />
            {(['terms', 'privacy'] as const).map((key) => (
              <Controller
                key={key}
                control={form.control}
                name={key}
                render={({ field }) => (
                  <RichTextEditor
                    label={t(`campaigns.${key}`)}
                    testId={`campaign-${key}`}
                    value={field.value}
                    onChange={field.onChange}
                    readOnly={isReadOnly}
                    error={fieldMessage(errors[key])}
                  />
                )}
              />
            ))}
          </Stack>
        </fieldset>
        {isReadOnly ? (
          campaign?.archived && <Text c="dimmed">{t('campaigns.archivedReadOnly')}</Text>
        ) : (
          <Group justify="flex-end">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                {t('actions.cancel')}
              </Button>
            )}
            <Button type="submit" loading={mutation.isPending}>
              {isEdit ? t('actions.save') : t('actions.create')}
            </Button>
          </Group>
        )}
      </Stack>
      <StaleWriteDialog {...stale.dialog} />
    </form>
  );
}
