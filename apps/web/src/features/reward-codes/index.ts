/** The reward-codes feature's public face: what other features and the app may use. */

export { parseCount } from '../../components/code-batch-panel.tsx';
export { JobProgress } from '../../components/job-progress.tsx';
export { totalOf } from './codes-model.ts';
export { CodesPage } from './codes-page.tsx';
export { codesSummaryQuery } from './reward-codes.api.ts';
