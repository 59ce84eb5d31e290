/** The marketplace feature's public face: what other features and the app may use. */
export { signCustomerToken } from './customer-token.ts';
export { findMarketplace, type MarketplaceRow } from './marketplaces.repository.ts';
