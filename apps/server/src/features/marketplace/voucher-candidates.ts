import { codeLength, generateCodes } from '../reward-codes/index.ts';

/** Pickup voucher candidates per order: the first not taken is issued (a clash is very unlikely). */
const VOUCHER_CANDIDATES = 3;

/** The candidates `issue_pickup_voucher` tries in turn, for either way of paying. */
export function voucherCandidates(): string[] {
  return generateCodes(VOUCHER_CANDIDATES, codeLength(1_000_000));
}
