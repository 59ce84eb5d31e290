import { CreateProduct, LotSetup, UpdateProduct } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyLot,
  errorsByPath,
  imageList,
  lotShopsLine,
  lotTotal,
  parseWhole,
  productFormValues,
  toLotSetup,
  toProductBody,
} from './product-form-model.ts';

const values = {
  ...productFormValues(),
  name: ' Camiseta ',
  pricePoints: '1,200',
  stock: '10',
  images: 'https://img.test/a.png\n\n /img/b.png ',
};

describe('product form', () => {
  it('reads whole numbers as typed', () => {
    expect(parseWhole('1,000')).toBe(1000);
    expect(parseWhole('  ')).toBeUndefined();
    expect(parseWhole('1.5')).toBeNaN();
  });

  it('lists one image per line', () => {
    expect(imageList(values.images)).toEqual(['https://img.test/a.png', '/img/b.png']);
  });

  it('builds a create body the contract takes, without the active flag', () => {
    const body = toProductBody(values, false);
    expect(body).toEqual({
      name: 'Camiseta',
      kind: 'physical',
      redeemWith: 'points',
      pricePoints: 1200,
      stock: 10,
      images: ['https://img.test/a.png', '/img/b.png'],
    });
    expect(CreateProduct.safeParse(body).success).toBe(true);
  });

  it('gets the spec message for a zero stock or a missing price', () => {
    const parsed = CreateProduct.safeParse(toProductBody({ ...values, stock: '0', pricePoints: '' }, false));
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(messages).toContain('stock:PRODUCT_STOCK_PRICE_POSITIVE');
    expect(messages).toContain('pricePoints:PRODUCT_STOCK_PRICE_POSITIVE');
  });

  it('sends no price for a product redeemed with a code, and the flag and cleared description on edit', () => {
    const body = toProductBody({ ...values, redeemWith: 'code', active: false }, true);
    expect(body).toMatchObject({ redeemWith: 'code', pricePoints: null, active: false, description: null });
    expect(body).not.toHaveProperty('kind');
    expect(UpdateProduct.safeParse(body).success).toBe(true);
  });
});

describe('lot setup', () => {
  it('sends what was chosen, and the contract names every missing piece with the spec message', () => {
    const setup = toLotSetup([
      {
        reference: ' L-1 ',
        productId: 'a3a8f4f2-8d4b-4f59-9a57-2f0b7f1c7d11',
        shops: [{ centreId: 'x', amount: '5' }],
      },
      emptyLot(),
    ]);
    expect(setup.lots[0]).toEqual({
      reference: 'L-1',
      productId: 'a3a8f4f2-8d4b-4f59-9a57-2f0b7f1c7d11',
      shops: [{ centreId: 'x', amount: 5 }],
    });
    const parsed = LotSetup.safeParse(setup);
    const messages = parsed.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];
    expect(messages).toContain('lots.1.productId:LOT_PRODUCT_REQUIRED');
    expect(messages).toContain('lots.1.shops.0.amount:LOT_AMOUNT_POSITIVE');
    expect(LotSetup.safeParse({ lots: [] }).error?.issues[0]?.message).toBe('LOT_REQUIRED');
    expect(
      LotSetup.safeParse(toLotSetup([{ ...emptyLot(), shops: [] }])).error?.issues.map((i) => i.message),
    ).toContain('LOT_SHOP_REQUIRED');
  });

  it('keys refusals by path, the first one of each', () => {
    expect(
      errorsByPath([
        { path: 'lots.0.shops.0.amount', message: 'a' },
        { path: 'lots.0.shops.0.amount', message: 'b' },
        { path: '', message: 'c' },
      ]),
    ).toEqual({ 'lots.0.shops.0.amount': 'a', lots: 'c' });
  });

  it('sums and lists a lot’s shops', () => {
    const lot = {
      shops: [
        { centreId: '1', centreCode: '000001', centreName: 'Centro', amount: 5 },
        { centreId: '2', centreCode: '000002', centreName: 'Norte', amount: 3 },
      ],
    };
    expect(lotTotal(lot)).toBe(8);
    expect(lotShopsLine(lot)).toBe('000001 Centro: 5 · 000002 Norte: 3');
  });
});
