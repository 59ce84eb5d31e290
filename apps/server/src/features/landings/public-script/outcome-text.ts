/**
 * The words of a participation's outcome and of where and until when a reward code is redeemed
 * (pure functions, no DOM: tested in Node). Dates are written in the campaign's time zone,
 * whatever the browser's.
 */
import type { ParticipationOutcome } from '@promo/contract';
import { formatQuantity } from '@promo/contract/number-format';
import { distanceKm } from './checks.ts';

export type Centre = { name: string; address?: string; lat?: number; lng?: number };
export type RedeemWindow = { from: string | null; until: string | null };

/** What happened, in one sentence (the reward code itself is shown apart, large). */
export function outcomeMessage(outcome: ParticipationOutcome): string {
  switch (outcome.kind) {
    case 'reward_code':
      return '¡Listo! Este es su código:';
    case 'instant_award': {
      if (!outcome.won) return 'Gracias por participar. Esta vez no obtuvo premio.';
      const prize = outcome.prize;
      const centre = prize?.centre;
      const where = centre
        ? `Reclámelo en ${centre.name}${centre.address ? `, ${centre.address}` : ''}`
        : prize?.department
          ? `Reclámelo en ${prize.department}`
          : 'Le contactaremos para entregárselo';
      return `¡Felicidades! Ganó${prize ? `: ${prize.name}` : ' un premio'}. ${where}, con su documento de identidad.`;
    }
    case 'raffle':
      return `¡Listo! Tiene ${formatQuantity(outcome.entries)} ${outcome.entries === 1 ? 'participación' : 'participaciones'} en el sorteo.`;
    case 'points':
      return `¡Listo! Su saldo es de ${formatQuantity(outcome.balance)} puntos.`;
    default:
      return '¡Gracias! Su participación quedó registrada.';
  }
}

/** The instant-award card's face once turned: the prize, or that there was none this time. */
export function revealHeadline(outcome: Extract<ParticipationOutcome, { kind: 'instant_award' }>): string {
  if (!outcome.won) return 'Esta vez no ganó';
  return outcome.prize ? `¡Ganó ${outcome.prize.name}!` : '¡Ganó un premio!';
}

/** "Del 1 de mayo de 2026 a las 0:00 al 30 de junio de 2026 a las 23:59" in `timeZone`; open ends say so. */
export function redemptionWindow(window: RedeemWindow | undefined, timeZone: string): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeStyle: 'short', timeZone });
  } catch {
    format = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  }
  const from = window?.from ? format.format(new Date(window.from)) : null;
  const until = window?.until ? format.format(new Date(window.until)) : null;
  if (from && until) return `Del ${from} al ${until}.`;
  if (until) return `Desde ya y hasta el ${until}.`;
  if (from) return `A partir del ${from}.`;
  return 'Desde ya, sin fecha límite.';
}

/**
 * The centres, nearest first when `from` is known (with their distance); centres without a
 * position keep their order after the others.
 */
export function nearestFirst(
  centres: Centre[],
  from?: { lat: number; lng: number },
): (Centre & { km?: number })[] {
  if (!from) return centres;
  const located = centres
    .filter((c) => typeof c.lat === 'number' && typeof c.lng === 'number')
    .map((c) => ({ ...c, km: distanceKm(from, { lat: c.lat as number, lng: c.lng as number }) }))
    .sort((a, b) => a.km - b.km);
  return [...located, ...centres.filter((c) => typeof c.lat !== 'number' || typeof c.lng !== 'number')];
}

/** "Av. Central (2.4 km)": a centre's address with its distance when known. */
export function centreLine(centre: Centre & { km?: number }): string {
  const distance = centre.km === undefined ? '' : `(${centre.km.toFixed(1)} km)`;
  return `${centre.address ?? ''} ${distance}`.trim();
}
