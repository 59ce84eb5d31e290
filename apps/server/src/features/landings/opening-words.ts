/**
 * When a campaign opens, in Spanish words, in a time zone: "el miércoles 10 de junio de 2026 a las
 * 20:30 (hora de Costa Rica)" — "a la 1:00" for one o'clock. An unknown zone is read as UTC.
 */
export function opensAtWords(startsAt: Date, timeZone: string, placeName: string | null): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = dateParts(startsAt, timeZone);
  } catch {
    return opensAtWords(startsAt, 'UTC', null);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const hour = Number(part('hour'));
  const zone = placeName ? `hora de ${placeName}` : `hora ${timeZone}`;
  return `el ${part('weekday')} ${part('day')} de ${part('month')} de ${part('year')} ${hour === 1 ? 'a la' : 'a las'} ${hour}:${part('minute')} (${zone})`;
}

function dateParts(instant: Date, timeZone: string): Intl.DateTimeFormatPart[] {
  return new Intl.DateTimeFormat('es', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
}
