import { CreateCampaign, LotSetup, PointsAdjustment } from '@promo/contract';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { bodyResolver } from './contract-resolver.ts';

const CAMPAIGN = 'a3a8f4f2-8d4b-4f59-9a57-2f0b7f1c7d11';
const PRODUCT = 'b3a8f4f2-8d4b-4f59-9a57-2f0b7f1c7d11';
const options = <T extends FieldValues>(names: string[]) =>
  ({ names, fields: {}, shouldUseNativeValidation: false }) as unknown as ResolverOptions<T>;

describe('bodyResolver', () => {
  type AdjustmentValues = { amount: string; reason: string };
  const resolver = bodyResolver(PointsAdjustment, (values: AdjustmentValues) => ({
    campaignId: CAMPAIGN,
    participantId: CAMPAIGN,
    amount: Number(values.amount),
    reason: values.reason.trim(),
  }));

  it('answers the checked body for the request', async () => {
    const result = await resolver({ amount: '-30', reason: ' Devolución ' }, undefined, options([]));
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      campaignId: CAMPAIGN,
      participantId: CAMPAIGN,
      amount: -30,
      reason: 'Devolución',
    });
  });

  it('puts the catalogue message of each refusal on the input of the same name', async () => {
    const result = await resolver({ amount: '0', reason: '' }, undefined, options(['amount', 'reason']));
    expect(result.errors.amount?.message).toBe('El valor no es válido.');
    expect(result.errors.reason?.message).toBe('Este campo es obligatorio.');
  });

  it('says a field left empty is required, not invalid, whatever rule it failed', async () => {
    const campaigns = bodyResolver(CreateCampaign, (values: { countryCode: string }) => ({
      name: 'rifa',
      title: 'Rifa',
      kind: 'raffle' as const,
      countryCode: values.countryCode,
      startsAt: '2026-06-01T06:00:00Z',
      endsAt: '2026-06-30T06:00:00Z',
    }));
    const empty = await campaigns({ countryCode: '  ' }, undefined, options(['countryCode']));
    expect(empty.errors.countryCode?.message).toBe('Este campo es obligatorio.');
    const wrong = await campaigns({ countryCode: 'Costa Rica' }, undefined, options(['countryCode']));
    expect(wrong.errors.countryCode?.message).toBe('El valor no es válido.');
  });

  it('puts a list item’s refusal on its input, and a list’s own on the list', async () => {
    type Values = { productId: string; amount: string }[];
    const lots = bodyResolver(LotSetup, (values: { lots: Values }) => ({
      lots: values.lots.map((lot) => ({
        productId: lot.productId,
        shops: [{ centreId: CAMPAIGN, amount: lot.amount ? Number(lot.amount) : Number.NaN }],
      })),
    }));
    const refused = await lots(
      { lots: [{ productId: PRODUCT, amount: '' }] },
      undefined,
      options(['lots.0.amount']),
    );
    expect(refused.errors).toMatchObject({
      lots: [{ shops: [{ amount: { message: 'Las cantidades de los lotes deben ser mayores que cero.' } }] }],
    });
    const empty = await lots({ lots: [] }, undefined, options([]));
    expect(empty.errors).toMatchObject({ lots: { message: 'Debe agregar al menos un lote.' } });
  });
});
