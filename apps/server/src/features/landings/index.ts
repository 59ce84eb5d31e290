/** The landings feature's public face: what other features and the app may use. */
export { contentSecurityPolicy, jsonBlock } from './public-html.ts';
export { type PublicPage, pageNonce, simplePublicPage } from './public-page.ts';
export { insertSampleLanding } from './sample-landing.ts';
