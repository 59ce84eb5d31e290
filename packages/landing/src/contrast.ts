/** The public page's colour contrast is the contract's one implementation (decision 028). */
export { contrastRatio, readableShade, textOn } from '@promo/contract/contrast';
