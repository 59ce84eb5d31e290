/** The builder feature's public face: what other features and the app may use. */
export { BuilderPage } from './builder-page.tsx';
