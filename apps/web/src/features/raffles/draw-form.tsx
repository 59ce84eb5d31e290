import { Button, Card, Group, Radio, Select, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import type { DrawResult } from '@promo/contract';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { confirmDanger } from '../../components/confirm.tsx';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useBackOffice } from '../auth/index.ts';
import { useDepartmentLabel } from '../countries/index.ts';
import { type DrawFormValues, drawFormErrors, drawParams, EMPTY_DRAW_FORM } from './draw-model.ts';
import { usePicksText } from './picks-text.ts';
import { type DrawRequest, useSubmitDraw } from './raffles.hooks.ts';

type SeedMode = 'now' | 'server_secret' | 'public_value';
type Values = DrawFormValues & { mode: SeedMode; source: string };

const FIELDS = ['count', 'alternates', 'department', 'from', 'to', 'source'] as const;

/** The draw's request: now, or a commitment (its options frozen, the seed revealed later). */
function drawRequest(values: Values, timeZone: string | undefined): DrawRequest {
  const params = drawParams(values, timeZone);
  if (values.mode === 'now') return { mode: 'now', params };
  const { department, from, to, ...rest } = params;
  return {
    mode: 'commit',
    body: {
      kind: values.mode,
      ...(values.mode === 'public_value' ? { source: values.source.trim() } : {}),
      options: {
        ...rest,
        ...(department ? { department } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
      },
    },
  };
}

/** The draw's options and seed; local checks first, then the server's messages on their fields. */
export function DrawForm({ campaignId, onDrawn }: { campaignId: string; onDrawn: (r: DrawResult) => void }) {
  const { t } = useTranslation();
  const picksText = usePicksText();
  const departmentLabel = useDepartmentLabel();
  const { timeZone } = useBackOffice();
  const form = useForm<Values>({ defaultValues: { ...EMPTY_DRAW_FORM, mode: 'now', source: '' } });
  const submit = useSubmitDraw(campaignId);
  const handleSubmit = form.handleSubmit(async (values) => {
    const params = drawParams(values, timeZone);
    const local: Partial<Record<FieldPath<Values>, string>> = drawFormErrors(params);
    if (values.mode === 'public_value' && values.source.trim().length < 3) local.source = 'FIELD_REQUIRED';
    const entries = Object.entries(local) as [FieldPath<Values>, string][];
    if (entries.length > 0) {
      for (const [field, code] of entries) form.setError(field, { type: 'local', message: code });
      return;
    }
    // a draw (or its commitment) is on record for good: the person confirms what happens first
    const isNow = values.mode === 'now';
    const counts = { picks: picksText(params.count, params.alternates) };
    const isConfirmed = await confirmDanger({
      title: t(isNow ? 'raffles.confirm.drawTitle' : 'raffles.confirm.commitTitle'),
      message: t(isNow ? 'raffles.confirm.drawMessage' : 'raffles.confirm.commitMessage', counts),
      confirmLabel: t(isNow ? 'raffles.draw.submit' : 'raffles.confirm.commit'),
    });
    if (!isConfirmed) return;
    submit.mutate(drawRequest(values, timeZone), {
      onSuccess: (answer) => {
        if (answer.drawn) {
          showToast('success', t('raffles.draw.done'));
          onDrawn(answer.drawn);
        } else showToast('success', t('raffles.commitment.recorded'));
      },
      onError: (error) => showApiError(error, form.setError, FIELDS, 'options.'),
    });
  });
  const { errors } = form.formState;
  const mode = form.watch('mode');
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('raffles.draw.title')}
      </Title>
      <form noValidate onSubmit={handleSubmit}>
        <Stack>
          <Group align="flex-start">
            <TextInput
              label={t('raffles.draw.count')}
              inputMode="numeric"
              {...form.register('count')}
              error={fieldMessage(errors.count)}
              w={140}
            />
            <TextInput
              label={t('raffles.draw.alternates')}
              inputMode="numeric"
              {...form.register('alternates')}
              error={fieldMessage(errors.alternates)}
              w={140}
            />
            <Controller
              control={form.control}
              name="weighting"
              render={({ field }) => (
                <Select
                  label={t('raffles.draw.weighting')}
                  data={(['entries', 'points', 'people'] as const).map((value) => ({
                    value,
                    label: t(`raffles.draw.weightings.${value}`),
                  }))}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 'entries')}
                  allowDeselect={false}
                  w={260}
                />
              )}
            />
          </Group>
          <Group>
            {(['onePerIdentity', 'excludePreviousWinners'] as const).map((name) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <Switch
                    label={t(`raffles.draw.${name}`)}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                  />
                )}
              />
            ))}
          </Group>
          <Group align="flex-start">
            <TextInput
              label={departmentLabel}
              description={t('raffles.draw.departmentHelp')}
              {...form.register('department')}
              error={fieldMessage(errors.department)}
              w={220}
            />
            <TextInput
              type="datetime-local"
              label={t('raffles.draw.from')}
              {...form.register('from')}
              error={fieldMessage(errors.from)}
              w={220}
            />
            <TextInput
              type="datetime-local"
              label={t('raffles.draw.to')}
              {...form.register('to')}
              error={fieldMessage(errors.to)}
              w={220}
            />
          </Group>
          <Controller
            control={form.control}
            name="mode"
            render={({ field }) => (
              <Radio.Group
                label={t('raffles.draw.seed')}
                description={t('raffles.draw.seedHelp')}
                value={field.value}
                onChange={(value) => field.onChange(value as SeedMode)}
              >
                <Stack gap={6} mt={6}>
                  {(['now', 'server_secret', 'public_value'] as const).map((value) => (
                    <Radio key={value} value={value} label={t(`raffles.draw.seeds.${value}`)} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
          {mode === 'public_value' && (
            <Textarea
              label={t('raffles.commitment.source')}
              description={t('raffles.commitment.sourceHelp')}
              {...form.register('source')}
              error={fieldMessage(errors.source)}
              maxLength={300}
              autosize
              minRows={2}
              maw={560}
            />
          )}
          <Group>
            <Button type="submit" loading={submit.isPending}>
              {mode === 'now' ? t('raffles.draw.submit') : t('raffles.commitment.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
