import type { Role, Tenant } from '@promo/contract';
import { createContext, useContext } from 'react';
import type { AppLocale } from '../../lib/i18n.ts';

export type BackOffice = {
  userId: string;
  role: Role;
  tenantSlug: string | null;
  tenant: Tenant | null;
  /** The tenant's time zone (its country's); the browser's for the platform admin. */
  timeZone: string | undefined;
  locale: AppLocale;
};

export const BackOfficeContext = createContext<BackOffice | null>(null);

export function useBackOffice(): BackOffice {
  const value = useContext(BackOfficeContext);
  if (!value) throw new Error('useBackOffice outside the back-office layout');
  return value;
}
