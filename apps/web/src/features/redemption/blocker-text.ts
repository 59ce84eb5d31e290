import { errorMessage } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { useBackOffice } from '../auth/index.ts';
import type { Blocker } from './counter-model.ts';

/**
 * Why a code cannot be redeemed here, as the operator reads it: the catalogue's message of the
 * server's reason, the one the redemption would answer (with when and where for a code redeemed
 * already).
 */
export function useBlockerText() {
  const { t } = useTranslation();
  const { timeZone, locale } = useBackOffice();
  return (blocker: Blocker): string => {
    if (blocker.reason !== 'CODE_ALREADY_REDEEMED') return errorMessage(blocker.reason, locale);
    if (!blocker.when) return t('counter.blockers.redeemed');
    return errorMessage(blocker.reason, locale, {
      when: formatDateTime(blocker.when, timeZone, locale),
      centreName: blocker.centreName ?? '—',
    });
  };
}
