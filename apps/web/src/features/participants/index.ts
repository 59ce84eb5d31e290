/** The participants feature's public face (the CRM, still at the URL /crm): what other features and the app may use. */
export { ParticipantsPage } from './participants-page.tsx';
