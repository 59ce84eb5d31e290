import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { countriesQuery } from '../countries/index.ts';

/** The country of the people being added: it decides their identity number format and departments. */
export function CountrySelect({
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
