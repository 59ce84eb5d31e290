/** The products feature's public face: what other features and the app may use. */
export { claimProductCode, productExists, shopStock } from './products.repository.ts';
