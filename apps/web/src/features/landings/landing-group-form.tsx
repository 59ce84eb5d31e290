import { ActionIcon, Button, Group, MultiSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { type LandingGroup, LandingGroupInput, type LandingSummary } from '@promo/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { bodyResolver } from '../../lib/contract-resolver.ts';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toasts.ts';
import { useSaveLandingGroup } from './landings.hooks.ts';

type GroupValues = { name: string; landingIds: string[] };

const GROUP_FIELDS = ['name', 'landingIds'] as const;

/** Moves the item at `index` by `by` places, kept within the list. */
function moved(ids: string[], index: number, by: number): string[] {
  const next = [...ids];
  const [item] = next.splice(index, 1);
  if (item === undefined) return ids;
  next.splice(Math.max(0, Math.min(next.length, index + by)), 0, item);
  return next;
}

/** A new landing group of the campaign, or the one given: its name and its landings in order. */
export function LandingGroupForm({
  campaignId,
  landings,
  group,
  onDone,
}: {
  campaignId: string;
  landings: LandingSummary[];
  group: LandingGroup | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<GroupValues, unknown, LandingGroupInput>({
    resolver: bodyResolver(LandingGroupInput, (values: GroupValues) => ({
      name: values.name.trim(),
      campaignId,
      landingIds: values.landingIds,
    })),
    defaultValues: { name: group?.name ?? '', landingIds: group?.landingIds ?? [] },
  });
  const save = useSaveLandingGroup(group?.id, {
    onSuccess: () => {
      showToast('success', t('landings.groupSaved'));
      form.reset();
      onDone();
    },
    onError: (error) => showApiError(error, form.setError, GROUP_FIELDS),
  });
  const { errors } = form.formState;
  const landingIds = form.watch('landingIds');
  const names = new Map(landings.map((landing) => [landing.id, landing.name]));
  const move = (index: number, by: number) => form.setValue('landingIds', moved(landingIds, index, by));

  return (
    <form noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <Stack>
        <Title order={4}>{group ? t('landings.editGroup') : t('landings.newGroup')}</Title>
        <TextInput
          label={t('landings.groupName')}
          description={t('landings.groupNameHelp')}
          {...form.register('name')}
          error={fieldMessage(errors.name)}
          data-testid="group-name"
          maw={400}
        />
        <Controller
          control={form.control}
          name="landingIds"
          render={({ field }) => (
            <MultiSelect
              label={t('landings.groupLandings')}
              searchable
              data={landings.map((landing) => ({ value: landing.id, label: landing.name }))}
              value={field.value}
              onChange={field.onChange}
              error={fieldMessage(errors.landingIds as never)}
              data-testid="group-landings"
              maw={600}
            />
          )}
        />
        {landingIds.length > 1 ? (
          <Stack gap={2}>
            {landingIds.map((id, index) => (
              <Group key={id} gap={4}>
                <Text size="sm" w={24}>
                  {index + 1}.
                </Text>
                <Text size="sm">{names.get(id) ?? id}</Text>
                <ActionIcon
                  size="sm"
                  variant="default"
                  aria-label={t('builder.moveUp')}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  size="sm"
                  variant="default"
                  aria-label={t('builder.moveDown')}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="save-group">
            {t('landings.saveGroup')}
          </Button>
          {group ? (
            <Button variant="default" onClick={onDone}>
              {t('actions.cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
