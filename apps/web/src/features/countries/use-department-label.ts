import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { BackOfficeContext } from '../auth/index.ts';
import { countryQuery } from './countries.api.ts';

/**
 * What the tenant's country calls its divisions (its `departmentLabel`: "Provincia" in Costa Rica
 * and Panama, "Departamento" in Guatemala, Honduras…), the word the tenant's landing pages use,
 * so that the back office names the same thing the same way; the generic word while it loads or
 * outside a tenant's back office.
 */
export function useDepartmentLabel(): string {
  const { t } = useTranslation();
  const tenant = useContext(BackOfficeContext)?.tenant;
  const country = useQuery({
    ...countryQuery(tenant?.countryCode ?? ''),
    enabled: Boolean(tenant?.countryCode),
  });
  return country.data?.departmentLabel || t('common.department');
}
