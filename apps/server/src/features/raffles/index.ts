/** The raffles feature's public face: what other features and the app may use. */
export { addRaffleEntries } from './raffle-codes.service.ts';
