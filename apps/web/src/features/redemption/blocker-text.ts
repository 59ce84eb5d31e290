import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { useBackOffice } from '../auth/index.ts';
import type { Blocker } from './counter-model.ts';

/** Why a code cannot be redeemed here, as the operator reads it. */
export function useBlockerText() {
  const { t } = useTranslation();
  const { timeZone, locale } = useBackOffice();
  return (blocker: Blocker): string => {
    switch (blocker.reason) {
      case 'redeemed':
        return blocker.when
          ? t('counter.blockers.redeemedAt', {
              when: formatDateTime(blocker.when, timeZone, locale),
              centre: blocker.centreName ?? '—',
            })
          : t('counter.blockers.redeemed');
      case 'revoked':
        return t('counter.blockers.revoked');
      case 'notYet':
        return t('counter.blockers.notYet', { from: formatDateTime(blocker.from, timeZone, locale) });
      case 'expired':
        return t('counter.blockers.expired', { until: formatDateTime(blocker.until, timeZone, locale) });
      case 'centreNotAllowed':
        return t('counter.blockers.centreNotAllowed');
    }
  };
}
