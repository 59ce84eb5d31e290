/** The products feature's public face: what other features and the app may use. */
export { claimProductCode, productExists, productsWithCodes, shopStock } from './products.repository.ts';
