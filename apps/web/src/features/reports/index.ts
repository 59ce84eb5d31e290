/** The reports feature's public face: what other features and the app may use. */
export { dayRange } from '../../lib/day-range.ts';
export { ReportDownloads } from './report-downloads.tsx';
export type { ReportFormat } from './report-query.ts';
export { ReportsPage } from './reports-page.tsx';
