/** The products feature's public face: what other features and the app may use. */
export { productExists, productsWithCodes, shopStock } from './products.repository.ts';
