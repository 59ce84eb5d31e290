import { type AnswerIssue, answersIssues, type Country, type FormField } from '@promo/contract';
import { localTime } from '../../platform/local-time.ts';

/** The standard person fields as the back-office enters them: only the identity number is required. */
const PERSON_FIELDS: FormField[] = [
  { key: 'cedula', type: 'cedula', label: 'cedula', required: true },
  { key: 'name', type: 'text', label: 'name', required: false },
  { key: 'email', type: 'email', label: 'email', required: false },
  { key: 'phone', type: 'phone', label: 'phone', required: false },
  { key: 'birthdate', type: 'date', label: 'birthdate', required: false },
  { key: 'sex', type: 'sex', label: 'sex', required: false },
  { key: 'department', type: 'department', label: 'department', required: false },
];
export const PERSON_COLUMNS = PERSON_FIELDS.map((f) => f.key);

/** Issues with a person's data under a country's rules (paths are the field keys). */
export function personIssues(person: Record<string, unknown>, country: Country, now: Date): AnswerIssue[] {
  const present = Object.fromEntries(
    Object.entries(person).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
  return answersIssues(PERSON_FIELDS, present, {
    phoneDigits: country.phoneDigits,
    identity: country.identity,
    departments: country.departments,
    today: localTime(now, country.timeZone).day,
    minAge: 0,
  }).map((issue) => ({ ...issue, path: issue.path.replace(/^answers\./, '') }));
}
