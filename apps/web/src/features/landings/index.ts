/** The landings feature's public face: what other features and the app may use. */

export { landingQuery, updateLanding } from './landings.api.ts';
export { type PublishedPageInput, useCreatePublishedPage, usePublishLanding } from './landings.hooks.ts';
export { LandingsScreen } from './landings-screen.tsx';
