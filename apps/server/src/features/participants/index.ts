/** The participants feature's public face: what other features and the app may use. */
export { lockParticipantByCedula } from './participants.service.ts';
