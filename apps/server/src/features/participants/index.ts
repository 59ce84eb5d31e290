/** The participants feature's public face: what other features and the app may use. */
export {
  confirmEmail,
  findParticipantById,
  type PersonSummary,
  participantByCedula,
  participantsByIds,
} from './participant-lookup.ts';
export { lockParticipantByCedula } from './participants.service.ts';
