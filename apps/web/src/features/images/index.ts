/** The images feature's public face: what other features and the app may use. */
export { imageLibraryQuery, uploadImage } from './images.api.ts';
