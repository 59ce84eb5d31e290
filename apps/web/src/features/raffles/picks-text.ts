import { useTranslation } from 'react-i18next';

/** A draw's people in words, "3 ganadores, 1 suplente": each count in its own singular or plural. */
export function usePicksText() {
  const { t } = useTranslation();
  return (winners: number, alternates: number) =>
    t('raffles.picks', {
      winners: t('raffles.winners', { count: winners }),
      alternates: t('raffles.alternates', { count: alternates }),
    });
}
