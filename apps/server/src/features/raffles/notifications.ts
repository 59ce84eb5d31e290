import type { DrawCertificate, Locale } from '@promo/contract';

/**
 * The text sent to a raffle winner (Spanish first, English twin): returned with each winner of a
 * draw and in the winners export. `{draw}` is the start of the draw id, enough to find the
 * certificate.
 */
export const WINNER_NOTIFICATION: Record<Locale, string> = {
  es: '¡Felicidades, {name}! Usted resultó ganador(a) en la posición {position} del sorteo «{campaign}» realizado el {date}. Para reclamar su premio comuníquese con nosotros y presente su documento de identidad. Código del sorteo: {draw}.',
  en: 'Congratulations, {name}! You are the winner in position {position} of the «{campaign}» raffle drawn on {date}. To claim your prize, contact us and show your identity document. Draw code: {draw}.',
};

const SOMEONE: Record<Locale, string> = { es: 'participante', en: 'participant' };

export function winnerNotification(
  locale: Locale,
  p: {
    name: string | null;
    position: number;
    campaign: string;
    certificate: Pick<DrawCertificate, 'drawId' | 'drawnAt'>;
    /** The tenant's time zone: the day of the draw as the winner lived it. */
    timeZone: string;
  },
): string {
  const values: Record<string, string> = {
    name: p.name?.trim() || SOMEONE[locale],
    position: String(p.position),
    campaign: p.campaign,
    date: new Intl.DateTimeFormat(locale === 'es' ? 'es-CR' : 'en-US', {
      dateStyle: 'long',
      timeZone: p.timeZone,
    }).format(new Date(p.certificate.drawnAt)),
    draw: p.certificate.drawId.slice(0, 8).toUpperCase(),
  };
  return WINNER_NOTIFICATION[locale].replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
