/** The redemption feature's public face: what other features and the app may use. */
export { CodeStatusBadge } from './code-status.tsx';
export { normaliseCounterInput } from './counter-model.ts';
export { CounterPage } from './counter-page.tsx';
export { redemptionKeys, redemptionsQuery } from './redemption.api.ts';
