/** The reports feature's public face: what other features and the app may use. */
export { ReportDownloads } from './report-downloads.tsx';
export { dayRange, type ReportFormat } from './report-range.ts';
export { ReportsPage } from './reports-page.tsx';
