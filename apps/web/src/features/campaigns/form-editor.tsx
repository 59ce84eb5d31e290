import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { errorMessage, type FieldType, type StandardKey } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { appLocale } from '../../lib/i18n.ts';
import { showToast } from '../../lib/toasts.ts';
import { campaignFormQuery } from './campaigns.api.ts';
import { useSaveCampaignForm } from './campaigns.hooks.ts';
import {
  CUSTOM_TYPES,
  customField,
  type EditorField,
  editorIssues,
  hasOptions,
  isStandardKey,
  missingStandardKeys,
  moveField,
  removeField,
  splitFormErrors,
  standardField,
  toEditorFields,
  toFormPayload,
} from './form-editor-model.ts';

/** The campaign's participation form: standard fields, custom questions, order and required flags. */
export function FormEditor({
  campaignId,
  isReadOnly,
  departmentLabel,
}: {
  campaignId: string;
  isReadOnly: boolean;
  /** What the campaign's country calls its divisions (Provincia, Departamento): the standard field's label. */
  departmentLabel?: string | undefined;
}) {
  const { t } = useTranslation();
  const standardLabel = (key: StandardKey) =>
    key === 'department' && departmentLabel ? departmentLabel : t(`formEditor.standard.${key}`);
  const saved = useQuery({ ...campaignFormQuery(campaignId), retry: false });
  const [fields, setFields] = useState<EditorField[] | null>(null);
  const [serverErrors, setServerErrors] = useState<ReturnType<typeof splitFormErrors> | null>(null);
  const [newLabel, setNewLabel] = useState('');
  const [newType, setNewType] = useState<FieldType>('text');

  // A campaign without a saved form answers no fields and starts empty; a failed read too.
  useEffect(() => {
    if (fields !== null) return;
    if (saved.data) setFields(toEditorFields(saved.data.fields));
    else if (saved.isError) setFields([]);
  }, [saved.data, saved.isError, fields]);

  const mutation = useSaveCampaignForm(campaignId, {
    onSuccess: (form) => {
      setServerErrors(null);
      setFields(toEditorFields(form.fields));
      showToast('success', t('formEditor.saved'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.details.length > 0)
        setServerErrors(splitFormErrors(error.details));
      else showApiError(error);
    },
  });

  if (fields === null) return <Loader size="sm" aria-label={t('table.loading')} />;

  const update = (index: number, patch: Partial<EditorField>) =>
    setFields(fields.map((field, position) => (position === index ? { ...field, ...patch } : field)));
  const issues = editorIssues(fields);
  const typeOptions = CUSTOM_TYPES.map((type) => ({ value: type, label: t(`formEditor.types.${type}`) }));

  const handleAddCustom = () => {
    const label = newLabel.trim();
    if (!label) return;
    setFields([
      ...fields,
      customField(
        label,
        newType,
        fields.map((field) => field.key),
      ),
    ]);
    setNewLabel('');
  };

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('formEditor.help')}
      </Text>
      {!isReadOnly && missingStandardKeys(fields).length > 0 && (
        <Group gap="xs" aria-label={t('formEditor.addStandard')} role="group">
          <Text size="sm" fw={500}>
            {t('formEditor.addStandard')}:
          </Text>
          {missingStandardKeys(fields).map((key) => (
            <Button
              key={key}
              size="xs"
              variant="light"
              onClick={() => setFields([...fields, standardField(key, standardLabel(key))])}
            >
              + {standardLabel(key)}
            </Button>
          ))}
          <Button
            size="xs"
            variant="outline"
            onClick={() =>
              setFields([
                ...fields,
                ...missingStandardKeys(fields).map((key) => standardField(key, standardLabel(key))),
              ])
            }
          >
            {t('formEditor.addAllStandard')}
          </Button>
        </Group>
      )}
      {issues.length > 0 && (
        <Alert color="yellow" data-testid="form-issues">
          {issues.map((code) => (
            <Text key={code} size="sm">
              {errorMessage(code, appLocale())}
            </Text>
          ))}
        </Alert>
      )}
      {serverErrors && serverErrors.general.length > 0 && (
        <Alert color="red" title={t('formEditor.notSaved')} role="alert">
          {serverErrors.general.map((message) => (
            <Text key={message} size="sm">
              {message}
            </Text>
          ))}
        </Alert>
      )}
      {fields.length === 0 && <Text c="dimmed">{t('formEditor.empty')}</Text>}
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {fields.map((field, index) => {
          const { key } = field;
          const isStandard = isStandardKey(key);
          // people read a field by its name (the standard one, or the question), never by its stored key
          const fieldName = isStandardKey(key) ? standardLabel(key) : field.label;
          const rowErrors = serverErrors?.byRow.get(index);
          return (
            <Card
              key={field.uid}
              withBorder
              padding="sm"
              component="li"
              aria-label={field.label || fieldName || t('formEditor.question')}
            >
              <Group align="flex-start" wrap="nowrap">
                <Stack gap={4} style={{ flex: 1 }}>
                  <Group gap="xs">
                    <Badge variant="light" color={isStandard ? 'blue' : 'grape'}>
                      {isStandard ? t('formEditor.standardBadge') : t('formEditor.customBadge')}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {t(`formEditor.types.${field.type}`)} · {fieldName || t('formEditor.question')}
                    </Text>
                  </Group>
                  <Group grow align="flex-start">
                    <TextInput
                      label={t('formEditor.label')}
                      value={field.label}
                      onChange={(event) => update(index, { label: event.currentTarget.value })}
                      disabled={isReadOnly}
                    />
                    {!isStandard && (
                      <TextInput
                        label={t('formEditor.key')}
                        value={field.key}
                        onChange={(event) => update(index, { key: event.currentTarget.value })}
                        disabled={isReadOnly}
                      />
                    )}
                    {!isStandard && (
                      <Select
                        label={t('formEditor.type')}
                        data={typeOptions}
                        value={field.type}
                        onChange={(value) => update(index, { type: (value ?? 'text') as FieldType })}
                        allowDeselect={false}
                        disabled={isReadOnly}
                      />
                    )}
                  </Group>
                  {hasOptions(field.type) && (
                    <Textarea
                      label={t('formEditor.options')}
                      description={t('formEditor.optionsHelp')}
                      autosize
                      minRows={2}
                      value={field.optionsText}
                      onChange={(event) => update(index, { optionsText: event.currentTarget.value })}
                      disabled={isReadOnly}
                    />
                  )}
                  <Switch
                    label={t('formEditor.required')}
                    checked={field.required}
                    onChange={(event) => update(index, { required: event.currentTarget.checked })}
                    disabled={isReadOnly}
                  />
                  {rowErrors?.map((message) => (
                    <Text key={message} c="red" size="sm" role="alert">
                      {message}
                    </Text>
                  ))}
                </Stack>
                {!isReadOnly && (
                  <Stack gap={4}>
                    <ActionIcon
                      variant="default"
                      aria-label={t('formEditor.moveUp', { label: field.label })}
                      disabled={index === 0}
                      onClick={() => setFields(moveField(fields, index, -1))}
                    >
                      <span aria-hidden="true">↑</span>
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label={t('formEditor.moveDown', { label: field.label })}
                      disabled={index === fields.length - 1}
                      onClick={() => setFields(moveField(fields, index, 1))}
                    >
                      <span aria-hidden="true">↓</span>
                    </ActionIcon>
                    <ActionIcon
                      variant="light"
                      color="red"
                      aria-label={t('formEditor.remove', { label: field.label })}
                      onClick={() => setFields(removeField(fields, index))}
                    >
                      <span aria-hidden="true">✕</span>
                    </ActionIcon>
                  </Stack>
                )}
              </Group>
            </Card>
          );
        })}
      </Stack>
      {!isReadOnly && (
        <Card withBorder padding="sm">
          <Text fw={500} size="sm" mb="xs">
            {t('formEditor.addCustom')}
          </Text>
          <Group align="flex-end">
            <TextInput
              label={t('formEditor.question')}
              value={newLabel}
              onChange={(event) => setNewLabel(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  handleAddCustom();
                }
              }}
              style={{ flex: 1 }}
            />
            <Select
              label={t('formEditor.type')}
              data={typeOptions}
              value={newType}
              onChange={(value) => setNewType((value ?? 'text') as FieldType)}
              allowDeselect={false}
              w={180}
            />
            <Button variant="light" onClick={handleAddCustom} disabled={!newLabel.trim()}>
              {t('formEditor.addQuestion')}
            </Button>
          </Group>
        </Card>
      )}
      {!isReadOnly && (
        <Group justify="flex-end">
          <Button onClick={() => mutation.mutate(toFormPayload(fields))} loading={mutation.isPending}>
            {t('formEditor.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
