/** The blacklist feature's public face: what other features and the app may use. */
export { blacklistedValues } from './blacklist-lookup.ts';
