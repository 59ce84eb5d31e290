/** The reward-codes feature's public face: what other features and the app may use. */
export { parseCount, totalOf } from './codes-model.ts';
export { CodesPage } from './codes-page.tsx';
export { JobProgress } from './job-progress.tsx';
export { codesSummaryQuery } from './reward-codes.api.ts';
