/** The participations feature's public face: what other features and the app may use. */
export { isOpen, participate, publicTenant } from './participate.ts';
export type {
  OneCallWork,
  ParticipationKind,
  ParticipationKindHandler,
  ParticipationKinds,
} from './participation-kinds.ts';
export { maxCodesPerIdentity, minimumAge } from './rules.ts';
