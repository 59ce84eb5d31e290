/** The marketplaces feature's public face: what other features and the app may use. */
export { MarketplacesPage } from './marketplaces-page.tsx';
