/** The instant-awards feature's public face: what other features and the app may use. */
export { InstantAwardsPage } from './instant-awards-page.tsx';
