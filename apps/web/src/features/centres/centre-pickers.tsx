import { MultiSelect, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { centreGroupsQuery, centreOptionsQuery } from './centres.api.ts';

type MultiProps = {
  value: string[];
  onChange: (value: string[]) => void;
  label?: string;
  description?: string;
  error?: string | undefined;
  disabled?: boolean;
};

/** Several centres, searchable by code or name. */
export function CentreMultiSelect({ value, onChange, label, description, error, disabled }: MultiProps) {
  const { t } = useTranslation();
  const centres = useQuery(centreOptionsQuery());
  return (
    <MultiSelect
      label={label ?? t('centres.centres')}
      description={description}
      data={(centres.data ?? []).map((centre) => ({
        value: centre.id,
        label: `${centre.code} · ${centre.name}`,
      }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={t('table.noResults')}
      error={error}
      disabled={disabled}
    />
  );
}

/** Several centre groups. */
export function CentreGroupMultiSelect({ value, onChange, label, description, error, disabled }: MultiProps) {
  const { t } = useTranslation();
  const groups = useQuery(centreGroupsQuery());
  return (
    <MultiSelect
      label={label ?? t('centreGroups.groups')}
      description={description}
      data={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={t('table.noResults')}
      error={error}
      disabled={disabled}
    />
  );
}

/** One centre (an operator's, a report filter). */
export function CentreSelect({
  value,
  onChange,
  label,
  placeholder,
  error,
  w,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  label?: string;
  placeholder?: string;
  error?: string | undefined;
  w?: number;
}) {
  const { t } = useTranslation();
  const centres = useQuery(centreOptionsQuery());
  return (
    <Select
      label={label ?? t('centres.centre')}
      placeholder={placeholder}
      data={(centres.data ?? []).map((centre) => ({
        value: centre.id,
        label: `${centre.code} · ${centre.name}`,
      }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={t('table.noResults')}
      error={error}
      w={w}
    />
  );
}
