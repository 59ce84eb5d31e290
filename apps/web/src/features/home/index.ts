/** The home feature's public face: what the app may use. */
export { HomePage } from './home-page.tsx';
