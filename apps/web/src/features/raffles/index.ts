/** The raffles feature's public face: what other features and the app may use. */
export { CertificatePage } from './certificate-page.tsx';
export { RafflesPage } from './raffles-page.tsx';
export { VerifyDrawPage } from './verify-draw-page.tsx';
