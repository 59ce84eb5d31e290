import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { issuesToDetails, RULE_KINDS, type Rule, type RuleKind, RuleParams } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { closeAppModal, openAppModal } from '../../components/app-modal.tsx';
import { confirmDanger } from '../../components/confirm.tsx';
import { fieldMessage, showApiError } from '../../lib/form-errors.ts';
import { appLocale } from '../../lib/i18n.ts';
import { showToast } from '../../lib/toasts.ts';
import { type RuleTarget, rulesQuery } from './campaigns.api.ts';
import { useDeleteRule, useSaveRule } from './campaigns.hooks.ts';
import {
  describeRule,
  EMPTY_RULE_VALUES,
  paramsChange,
  paramsFromValues,
  type RuleFormValues,
  valuesFromParams,
} from './rule-params.ts';

const PARAM_FIELDS = ['total', 'perDay', 'years', 'allowed', 'days', 'from', 'to', 'max'] as const;

/** Add (no rule) or edit a rule's parameters; the kind decides the inputs. */
function RuleForm({
  target,
  rule,
  departments,
  onDone,
}: {
  target: RuleTarget;
  rule?: Rule;
  departments: readonly string[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<RuleKind>(rule?.kind ?? 'min_age');
  const form = useForm<RuleFormValues>({
    defaultValues: rule ? valuesFromParams(rule.kind, rule.params) : EMPTY_RULE_VALUES,
  });
  const mutation = useSaveRule(target, rule?.id, {
    onSuccess: () => {
      showToast('success', rule ? t('rules.updated') : t('rules.created'));
      onDone();
    },
    onError: (error) => showApiError(error, form.setError, PARAM_FIELDS, 'params.'),
  });

  const handleSubmit = form.handleSubmit((values) => {
    const params = paramsFromValues(kind, values);
    // The contract's own schema for the kind, so mistakes show before the call.
    const checked = RuleParams[kind].safeParse(params);
    if (!checked.success) {
      for (const detail of issuesToDetails(checked.error.issues, appLocale())) {
        const field = PARAM_FIELDS.find((name) => detail.path === name || detail.path.startsWith(`${name}.`));
        form.setError(field ?? 'total', { type: 'client', message: detail.message });
      }
      return;
    }
    const wanted = checked.data as Record<string, unknown>;
    mutation.mutate({ kind, params: rule ? paramsChange(rule.params, wanted) : wanted });
  });
  const { errors } = form.formState;
  const dayOptions = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    value: String(day),
    label: t(`rules.days.${day}`),
  }));
  const numberField = (name: 'total' | 'perDay' | 'years' | 'max', label: string, min: number) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          min={min}
          allowDecimal={false}
          value={field.value}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : '')}
          error={fieldMessage(errors[name])}
        />
      )}
    />
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <Select
          label={t('rules.kind')}
          data={RULE_KINDS.map((value) => ({ value, label: t(`rules.kinds.${value}`) }))}
          value={kind}
          onChange={(value) => value && setKind(value as RuleKind)}
          allowDeselect={false}
          disabled={Boolean(rule)}
          data-autofocus
        />
        <Text size="sm" c="dimmed">
          {t(`rules.help.${kind}`)}
        </Text>
        {kind === 'max_per_identity' && (
          <>
            {numberField('total', t('rules.total'), 1)}
            {numberField('perDay', t('rules.perDay'), 1)}
          </>
        )}
        {kind === 'min_age' && numberField('years', t('rules.years'), 0)}
        {kind === 'max_codes_per_identity' && numberField('max', t('rules.max'), 1)}
        {kind === 'departments' && (
          <Controller
            control={form.control}
            name="allowed"
            render={({ field }) => (
              <MultiSelect
                label={t('rules.allowed')}
                data={[...new Set([...departments, ...field.value])]}
                value={field.value}
                onChange={field.onChange}
                searchable
                error={fieldMessage(errors.allowed as never)}
              />
            )}
          />
        )}
        {kind === 'schedule' && (
          <>
            <Controller
              control={form.control}
              name="days"
              render={({ field }) => (
                <Checkbox.Group
                  label={t('rules.daysLabel')}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldMessage(errors.days as never)}
                >
                  <Group mt="xs">
                    {dayOptions.map((day) => (
                      <Checkbox key={day.value} value={day.value} label={day.label} />
                    ))}
                  </Group>
                </Checkbox.Group>
              )}
            />
            <Group grow>
              <TextInput
                type="time"
                label={t('rules.from')}
                {...form.register('from')}
                error={fieldMessage(errors.from)}
              />
              <TextInput
                type="time"
                label={t('rules.to')}
                {...form.register('to')}
                error={fieldMessage(errors.to)}
              />
            </Group>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {rule ? t('actions.save') : t('rules.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The rules of a campaign or a group: list, add, edit, remove. */
export function RulesPanel({
  target,
  departments,
  isReadOnly,
}: {
  target: RuleTarget;
  departments: readonly string[];
  isReadOnly: boolean;
}) {
  const { t } = useTranslation();
  const rules = useQuery(rulesQuery(target));
  const remove = useDeleteRule({
    onSuccess: () => showToast('success', t('rules.deleted')),
    onError: (error) => showApiError(error),
  });

  const openForm = (rule?: Rule) => {
    const id = openAppModal({
      title: rule ? t('rules.edit', { kind: t(`rules.kinds.${rule.kind}`) }) : t('rules.add'),
      children: (
        <RuleForm target={target} rule={rule} departments={departments} onDone={() => closeAppModal(id)} />
      ),
    });
  };
  const handleDelete = async (rule: Rule) => {
    const isConfirmed = await confirmDanger({
      title: t('rules.deleteTitle'),
      message: t('rules.deleteConfirm', { kind: t(`rules.kinds.${rule.kind}`) }),
      confirmLabel: t('actions.delete'),
    });
    if (isConfirmed) remove.mutate(rule.id);
  };

  if (rules.isLoading) return <Loader size="sm" aria-label={t('table.loading')} />;
  if (rules.error) return <Alert color="red">{rules.error.message}</Alert>;
  return (
    <Stack>
      {!isReadOnly && (
        <Group justify="flex-end">
          <Button onClick={() => openForm()}>{t('rules.add')}</Button>
        </Group>
      )}
      <Table striped>
        <Table.Caption>{t('rules.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('rules.kind')}</Table.Th>
            <Table.Th>{t('rules.params')}</Table.Th>
            {!isReadOnly && <Table.Th>{t('table.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(rules.data ?? []).length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text c="dimmed" ta="center">
                  {t('rules.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {(rules.data ?? []).map((rule) => (
            <Table.Tr key={rule.id}>
              <Table.Td>{t(`rules.kinds.${rule.kind}`)}</Table.Td>
              <Table.Td>{describeRule(rule.kind, rule.params, t)}</Table.Td>
              {!isReadOnly && (
                <Table.Td>
                  <Group gap="xs">
                    {rule.kind !== 'one_prize_per_identity' && (
                      <Button size="xs" variant="subtle" onClick={() => openForm(rule)}>
                        {t('actions.edit')}
                      </Button>
                    )}
                    <Button size="xs" variant="subtle" color="red" onClick={() => void handleDelete(rule)}>
                      {t('actions.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
