import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBackOffice } from '../auth/index.ts';
import { countryQuery } from './countries.api.ts';

/**
 * What the tenant's country calls its divisions (its `departmentLabel`: "Provincia" in Costa Rica
 * and Panama, "Departamento" in Guatemala, Honduras…), the word the tenant's landing pages use,
 * so that the back office names the same thing the same way; the generic word while it loads.
 */
export function useDepartmentLabel(): string {
  const { t } = useTranslation();
  const { tenant } = useBackOffice();
  const country = useQuery({
    ...countryQuery(tenant?.countryCode ?? ''),
    enabled: Boolean(tenant?.countryCode),
  });
  return country.data?.departmentLabel || t('common.department');
}
