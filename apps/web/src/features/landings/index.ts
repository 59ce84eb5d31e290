/** The landings feature's public face: what other features and the app may use. */

export { landingQuery, publishLanding, updateLanding } from './landings.api.ts';
export { LandingsScreen } from './landings-screen.tsx';
