/** The products feature's public face: what other features and the app may use. */
export { productExists, productsWithCodes, shopStock } from './products.repository.ts';
export { productsRunningLow } from './running-low.repository.ts';
