import { formatQuantity } from '../../lib/format.ts';
import { parseWhole } from '../products/index.ts';

export type AdjustmentValues = { amount: string; reason: string };

/** The adjustment body for a person in a campaign: points as typed (signed), the reason trimmed. */
export function toAdjustment(
  values: AdjustmentValues,
  target: { campaignId: string; participantId: string },
): Record<string, unknown> {
  return {
    campaignId: target.campaignId,
    participantId: target.participantId,
    amount: parseWhole(values.amount),
    reason: values.reason.trim(),
  };
}

/** A ledger amount with its sign and thousands commas: "+1,500", "−30". */
export function signedAmount(value: number): string {
  const digits = formatQuantity(Math.abs(value));
  return value > 0 ? `+${digits}` : value < 0 ? `−${digits}` : '0';
}

export type BatchValueKind = 'points' | 'product';

export type BatchFormValues = {
  name: string;
  count: string;
  prefix: string;
  kind: BatchValueKind;
  points: string;
  productId: string | null;
};

/** A batch's value fields: points or a product, never both (the contract checks one is there). */
export function batchValue(
  kind: BatchValueKind,
  points: string,
  productId: string | null,
): { points?: number; productId?: string } {
  if (kind === 'product') return productId ? { productId } : {};
  const number = parseWhole(points);
  return number === undefined ? {} : { points: number };
}

/** A generated batch's body: the count as typed, the prefix upper-cased (left out when blank). */
export function toBatchBody(campaignId: string, values: BatchFormValues): Record<string, unknown> {
  const prefix = values.prefix.trim();
  const name = values.name.trim();
  return {
    campaignId,
    ...(name ? { name } : {}),
    count: parseWhole(values.count) ?? Number.NaN,
    ...(prefix ? { prefix: prefix.toUpperCase() } : {}),
    ...batchValue(values.kind, values.points, values.productId),
  };
}
