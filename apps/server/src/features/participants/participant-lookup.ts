import type { Tx } from '../../db/client.ts';
import * as participants from './participants.repository.ts';
import { type ContactValues, findPeopleByContact } from './people-by-contact.repository.ts';

/** The person reads other features need; they never reach the participants' queries themselves. */

export type { PersonSummary } from './participants.repository.ts';

/** A person of the tenant by id, or none. */
export function findParticipantById(
  tx: Tx,
  tenantId: string,
  id: string,
): Promise<participants.PersonSummary | undefined> {
  return participants.findPersonSummary(tx, tenantId, id);
}

/** A person of the tenant by identity number, or none. */
export function participantByCedula(
  tx: Tx,
  tenantId: string,
  cedula: string,
): Promise<participants.PersonSummary | undefined> {
  return participants.findPersonSummaryByCedula(tx, tenantId, cedula);
}

/** The person proved control of this e-mail (a one-time code sent to it was used). */
export function confirmEmail(tx: Tx, tenantId: string, id: string, email: string, now: Date): Promise<void> {
  return participants.markEmailVerified(tx, tenantId, id, email, now);
}

/** People of the tenant by id, as identity number and name (the ones not found are left out). */
export function participantsByIds(
  tx: Tx,
  tenantId: string,
  ids: string[],
): Promise<Map<string, { cedula: string; name: string | null }>> {
  return participants.findPeopleByIds(tx, tenantId, ids);
}

export type { ContactValues } from './people-by-contact.repository.ts';

/** The ids of people whose identity number, phone or e-mail of record is one of the values (e-mail in any case). */
export function participantIdsByContact(tx: Tx, tenantId: string, values: ContactValues): Promise<string[]> {
  return findPeopleByContact(tx, tenantId, values);
}
