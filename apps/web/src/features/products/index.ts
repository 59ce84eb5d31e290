/** The products feature's public face: what other features and the app may use. */
export { LotsPage } from './lots-page.tsx';
export { parseWhole } from './product-form-model.ts';
export { productOptionsQuery } from './products.api.ts';
export { ProductsPage } from './products-page.tsx';
