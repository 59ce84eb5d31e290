/** The participants feature's public face: what other features and the app may use. */
export {
  type ContactValues,
  confirmEmail,
  findParticipantById,
  type PersonSummary,
  participantByCedula,
  participantIdsByContact,
  participantsByIds,
} from './participant-lookup.ts';
export { lockParticipantByCedula } from './participants.service.ts';
