/** The landings feature's public face: what other features and the app may use. */

export { landingQuery, updateLanding } from './landings.api.ts';
export { usePublishLanding } from './landings.hooks.ts';
export { LandingsScreen } from './landings-screen.tsx';
