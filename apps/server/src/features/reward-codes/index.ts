/** The reward-codes feature's public face: what other features and the app may use. */

export { assignCode } from './assign-code.ts';
export { codeLength, generateCodes } from './code-generator.ts';
export { CODE_STATUS_ES } from './code-status-names.ts';
export { generateCodesJob } from './generate-codes.ts';
export { operatorCentre } from './reward-codes.repository.ts';
