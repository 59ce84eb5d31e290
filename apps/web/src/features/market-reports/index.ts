/** The market-reports feature's public face: what other features and the app may use. */
export { MarketReportsPage } from './market-reports-page.tsx';
