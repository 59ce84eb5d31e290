/** The crm feature's public face: what other features and the app may use. */
export { CrmPage } from './crm-page.tsx';
