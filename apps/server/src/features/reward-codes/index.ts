/** The reward-codes feature's public face: what other features and the app may use. */
export { codeLength, generateCodes } from './code-generator.ts';
export { operatorCentre } from './reward-codes.repository.ts';
export { assignCode, generateCodesJob } from './reward-codes.service.ts';
