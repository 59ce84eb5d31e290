/**
 * A raffle draw's certificate in words, for people: its options as sentences, its instants in the
 * tenant's time zone and the plain-language verification steps. Shared by the printed certificate
 * of the back office, the server's certificate page and the public verification page.
 */
import type { Locale } from './errors.ts';
import type { DrawOptions } from './raffles.ts';

/** Where anyone checks a draw in the browser (a public page of the web app). */
export const VERIFY_DRAW_PATH = '/verify-draw';

const WORDS = {
  es: {
    picks: (count: number, alternates: number) =>
      `${count} ${count === 1 ? 'ganador' : 'ganadores'} y ${alternates} ${alternates === 1 ? 'suplente' : 'suplentes'}`,
    weighting: {
      entries: 'Cada participación cuenta una vez',
      points: 'Cada código cuenta según sus participaciones',
      people: 'Cada persona cuenta una vez',
    },
    onePerIdentity: 'Un solo premio por persona',
    manyPerIdentity: 'Una persona puede salir más de una vez',
    excludePrevious: 'Excluye a quienes ganaron en sorteos anteriores de la campaña',
    department: (name: string) => `Solo participaciones del departamento ${name}`,
    allDepartments: 'Participaciones de todos los departamentos',
    from: (when: string) => `Participaciones desde el ${when}`,
    to: (when: string) => `Participaciones hasta el ${when}`,
    zone: (zone: string) => `(hora de ${zone})`,
    steps: (url: string) => [
      'Descargue este certificado (archivo JSON) y la lista de participaciones del sorteo (archivo CSV).',
      `Abra ${url} en cualquier navegador: no hace falta instalar nada ni iniciar sesión.`,
      'Arrastre los dos archivos a esa página. El navegador repite el sorteo con la misma semilla y la misma lista.',
      'Si los ganadores y suplentes que aparecen son los de este certificado, el sorteo es auténtico; si la lista o el certificado fueron cambiados, la página lo indica.',
    ],
  },
  en: {
    picks: (count: number, alternates: number) =>
      `${count} ${count === 1 ? 'winner' : 'winners'} and ${alternates} ${alternates === 1 ? 'alternate' : 'alternates'}`,
    weighting: {
      entries: 'Each entry counts once',
      points: 'Each code counts by its entries',
      people: 'Each person counts once',
    },
    onePerIdentity: 'One prize per person',
    manyPerIdentity: 'A person may be drawn more than once',
    excludePrevious: "Leaves out the winners of the campaign's earlier draws",
    department: (name: string) => `Only entries of the department ${name}`,
    allDepartments: 'Entries of every department',
    from: (when: string) => `Entries from ${when}`,
    to: (when: string) => `Entries until ${when}`,
    zone: (zone: string) => `(${zone} time)`,
    steps: (url: string) => [
      'Download this certificate (JSON file) and the draw’s entry list (CSV file).',
      `Open ${url} in any browser: nothing to install, no sign-in.`,
      'Drop both files on that page. The browser repeats the draw with the same seed and the same list.',
      'If the winners and alternates it shows are the ones of this certificate, the draw is genuine; if the list or the certificate was changed, the page says so.',
    ],
  },
} as const;

/** An instant as a local date and time of `timeZone` (e.g. "24/11/26, 14:05", as the back office shows them). */
export function localDateTime(iso: string, timeZone: string, locale: Locale = 'es'): string {
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-ES' : 'en-GB', {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** The draw's options as short sentences (dates in `timeZone`). */
export function drawOptionsInWords(options: DrawOptions, timeZone: string, locale: Locale = 'es'): string[] {
  const words = WORDS[locale];
  const when = (iso: string) => `${localDateTime(iso, timeZone, locale)} ${words.zone(timeZone)}`;
  return [
    words.picks(options.count, options.alternates),
    words.weighting[options.weighting],
    options.onePerIdentity ? words.onePerIdentity : words.manyPerIdentity,
    ...(options.excludePreviousWinners ? [words.excludePrevious] : []),
    options.department ? words.department(options.department) : words.allDepartments,
    ...(options.from ? [words.from(when(options.from))] : []),
    ...(options.to ? [words.to(when(options.to))] : []),
  ];
}

/** How anyone verifies a draw, step by step, with the address of the verification page. */
export function drawVerificationSteps(verifyUrl: string, locale: Locale = 'es'): string[] {
  return [...WORDS[locale].steps(verifyUrl)];
}
