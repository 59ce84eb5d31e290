import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCentre } from '../../testing/campaign-fixtures.ts';
import { redeem } from '../../testing/code-fixtures.ts';
import { bulkCustomers, marketSetup } from '../../testing/market-fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { createTestApp } from '../../testing/test-app.ts';

// Issue #42: a product is paid for with points (one SQL function, `redeem_product_for_points`)
// or with a redeem code worth it (statement by statement, place-order.ts). Both ask the same SQL
// functions for each rule (`marketplace_refusal`, `claim_idempotency_key`, `product_offer`,
// `issue_pickup_voucher`, `claim_product_code`, `take_product_unit`); one table of cases drives
// both here and they must answer alike.
const t = await createTestApp();
const tenant = await t.createTenant();
const admin = tenant.admin.token;
const m = await marketSetup(t, tenant, { physicalStock: 40, digitalCodes: 3, price: 10 });

async function api(method: string, url: string, body?: unknown) {
  const res = await t.request({ method: method as 'POST', url, token: admin, body });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.text}`);
  return res.body;
}

/** A physical product of `stock` units, all at `centreId`. */
async function physicalProduct(stock: number, extra: Record<string, unknown> = {}, centreId = m.shop.id) {
  const product = await api('POST', '/api/products', {
    name: `Gorra ${randomUUID().slice(0, 6)}`,
    kind: 'physical',
    pricePoints: 10,
    stock,
    images: ['https://img.test/g.png'],
    ...extra,
  });
  await api('POST', '/api/product-lots', {
    lots: [{ reference: t.unique('L'), productId: product.id, shops: [{ centreId, amount: stock }] }],
  });
  return product as { id: string };
}

/** A digital product whose stock outnumbers its codes: `codes` uploaded, `stock` units. */
async function digitalProduct(stock: number, codes: number) {
  const product = await api('POST', '/api/products', {
    name: t.unique('PIN'),
    kind: 'digital',
    pricePoints: 10,
    stock,
  });
  const csv = `code\n${Array.from({ length: codes }, (_, i) => `${product.id.slice(0, 8)}-${i}`).join('\n')}\n`;
  const upload = multipart({}, csv);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/products/${product.id}/codes`,
    headers: { authorization: `Bearer ${admin}`, ...upload.headers },
    payload: upload.payload,
  });
  if (uploaded.statusCode !== 200) throw new Error(`codes: ${uploaded.body}`);
  await api('PATCH', `/api/products/${product.id}`, { active: true });
  return product as { id: string };
}

const soldOut = await physicalProduct(1);
// units in stock, none of them at this shop (the offer counts the product's, the unit the shop's)
const otherShop = await createCentre(t, tenant);
const elsewhereOnly = await physicalProduct(5, {}, otherShop.id);
// units in stock, no code left to give (a digital product's unit is its code)
const codesGone = await digitalProduct(3, 1);
// 20 units for 200 buyers, one product for each payment
const raceProduct = { points: await physicalProduct(20), code: await physicalProduct(20) };
const inactive = await physicalProduct(5);
const codeOnly = await physicalProduct(5, { redeemWith: 'code', pricePoints: null });
const notOffered = await physicalProduct(5);
const closedShop = await createCentre(t, tenant);
await api('PATCH', `/api/marketplaces/${m.marketplace.id}`, {
  productIds: [
    ...[m.physical, m.digital, soldOut, inactive, codeOnly, elsewhereOnly, codesGone].map((p) => p.id),
    raceProduct.points.id,
    raceProduct.code.id,
  ],
});
await api('PATCH', `/api/products/${inactive.id}`, { active: false });
await api('PATCH', `/api/redemption-centres/${closedShop.id}`, { active: false });
const closed = await api('POST', '/api/marketplaces', {
  name: 'Cerrado',
  templateId: 'grid-2',
  campaignId: m.campaign.id,
  productIds: [m.physical.id],
  opensAt: '2026-04-01T00:00:00Z',
  closesAt: '2026-05-01T00:00:00Z',
});
const elsewhere = await marketSetup(t, tenant, { physicalStock: 5, digitalCodes: 0, price: 10 });

/** `count` redeem codes worth a product (one batch), read back as a developer would. */
async function productCodes(campaignId: string, productId: string, count: number): Promise<string[]> {
  const batch = await api('POST', '/api/redeem-code-batches', { campaignId, count, productId });
  const rows = await t.db.ownerQuery<{ code: string }>(
    'select code from redeem_codes where batch_id = $1 order by code',
    [batch.batch.id],
  );
  return rows.map((r) => r.code);
}

type Buyer = { token: string; participantId: string; code: string | null };
type Payment = {
  name: 'points' | 'code';
  /** `count` people, each able to pay once for `productId` (10 points, or a code worth it). */
  buyers(productId: string, count: number): Promise<Buyer[]>;
  /** What the buyer can still pay with: their balance, or whether their code is still unused. */
  left(buyer: Buyer): Promise<number | boolean>;
};

const points: Payment = {
  name: 'points',
  async buyers(_productId, count) {
    const people = await bulkCustomers(t, tenant, m.campaign.id, count, 10);
    return people.map((p) => ({ ...p, code: null }));
  },
  async left(buyer) {
    const [row] = await t.db.ownerQuery<{ balance: number }>(
      'select balance from points_accounts where tenant_id = $1 and campaign_id = $2 and participant_id = $3',
      [tenant.id, m.campaign.id, buyer.participantId],
    );
    return row?.balance ?? 0;
  },
};

const code: Payment = {
  name: 'code',
  async buyers(productId, count) {
    const people = await bulkCustomers(t, tenant, m.campaign.id, count, 0);
    const codes = await productCodes(m.campaign.id, productId, count);
    return people.map((p, i) => ({ ...p, code: codes[i] as string }));
  },
  async left(buyer) {
    const [row] = await t.db.ownerQuery<{ used: boolean }>(
      'select used_at is not null as used from redeem_codes where tenant_id = $1 and code = $2',
      [tenant.id, buyer.code],
    );
    return row?.used === false;
  },
};

function order(buyer: Buyer, body: Record<string, unknown>, key?: string) {
  return t.request({
    method: 'POST',
    url: '/api/marketplaces/redeem-product',
    token: buyer.token,
    body: {
      marketplaceId: m.marketplace.id,
      productId: m.physical.id,
      centreId: m.shop.id,
      ...(buyer.code ? { code: buyer.code } : {}),
      ...body,
    },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

async function ordersOf(buyer: Buyer): Promise<number> {
  const [row] = await t.db.ownerQuery<{ n: number }>(
    'select count(*)::int as n from orders where tenant_id = $1 and participant_id = $2',
    [tenant.id, buyer.participantId],
  );
  return row?.n ?? 0;
}

async function stockOf(productId: string) {
  const [row] = await t.db.ownerQuery<{ stock: number; claimed: number }>(
    `select p.stock, coalesce((select sum(s.claimed) from product_shop_stock s
                                where s.tenant_id = p.tenant_id and s.product_id = p.id), 0)::int as claimed
       from products p where p.tenant_id = $1 and p.id = $2`,
    [tenant.id, productId],
  );
  return row;
}

/**
 * A refusal of either payment, in the order the checks take: [case, body, status, code, field]
 * (a field's refusal answers VALIDATION_FAILED with the field's code in its details).
 */
const refusals: Array<[string, Record<string, unknown>, number, string, string | null]> = [
  ['an unknown marketplace', { marketplaceId: randomUUID() }, 404, 'NOT_FOUND', null],
  ["another campaign's marketplace", { marketplaceId: elsewhere.marketplace.id }, 404, 'NOT_FOUND', null],
  ['a closed marketplace', { marketplaceId: closed.id }, 422, 'MARKETPLACE_CLOSED', null],
  [
    'a closed marketplace and a product it does not offer',
    { marketplaceId: closed.id, productId: notOffered.id },
    422,
    'MARKETPLACE_CLOSED',
    null,
  ],
  ['a product not offered here', { productId: notOffered.id }, 422, 'PRODUCT_NOT_AVAILABLE', 'productId'],
  ['an inactive product', { productId: inactive.id }, 422, 'PRODUCT_NOT_AVAILABLE', 'productId'],
  [
    'an inactive product without a shop',
    { productId: inactive.id, centreId: undefined },
    422,
    'PRODUCT_NOT_AVAILABLE',
    'productId',
  ],
  ['a physical product without a shop', { centreId: undefined }, 400, 'SHOP_REQUIRED', 'centreId'],
  ['a sold-out product', { productId: soldOut.id }, 409, 'OUT_OF_STOCK', null],
  [
    'a sold-out product at an unknown shop',
    { productId: soldOut.id, centreId: randomUUID() },
    409,
    'OUT_OF_STOCK',
    null,
  ],
  ['an unknown shop', { centreId: randomUUID() }, 400, 'FIELD_INVALID', 'centreId'],
  ['a shop without units of the product', { productId: elsewhereOnly.id }, 409, 'OUT_OF_STOCK', 'centreId'],
  [
    'a digital product whose codes ran out',
    { productId: codesGone.id, centreId: undefined },
    409,
    'OUT_OF_STOCK',
    null,
  ],
  ['an inactive shop', { centreId: closedShop.id }, 400, 'FIELD_INVALID', 'centreId'],
];

// the last unit of `soldOut` and the one code of `codesGone` go before the table runs
for (const [productId, centreId] of [
  [soldOut.id, m.shop.id],
  [codesGone.id, undefined],
] as const) {
  const [first] = await points.buyers(productId, 1);
  const sold = await order(first as Buyer, { productId, centreId });
  if (sold.status !== 201) throw new Error(`sold out: ${sold.text}`);
}

describe.each([points, code])('a product paid with $name', (payment) => {
  // a code is worth the good product, so that each case is refused for its own reason; a product
  // refused for its stock gets a code of its own (another's would be refused first, PRODUCT_NEEDS_CODE)
  const ownCode = [soldOut.id, elsewhereOnly.id, codesGone.id];
  const worth = (body: Record<string, unknown>) =>
    ownCode.includes(body.productId as string) ? (body.productId as string) : m.physical.id;

  it.each(refusals)(
    'refuses %s as the other payment does, and changes nothing',
    async (_name, body, status, errorCode, field) => {
      const [buyer] = (await payment.buyers(worth(body), 1)) as [Buyer];
      const before = { left: await payment.left(buyer), stock: await stockOf(m.physical.id) };
      const res = await order(buyer, body, `refused-${randomUUID()}`);
      expect(res.status, res.text).toBe(status);
      const detail = res.body.error.details?.[0];
      expect(status === 400 ? detail?.code : res.body.error.code).toBe(errorCode);
      expect(detail?.path ?? null).toBe(field);
      expect({ left: await payment.left(buyer), stock: await stockOf(m.physical.id) }).toEqual(before);
      expect(await ordersOf(buyer)).toBe(0);
      // the payment is still good: the same buyer gets the good product (a sold-out product's
      // code has none: its still being unused, above, says it)
      if (worth(body) === m.physical.id) {
        const fine = await order(buyer, {});
        expect(fine.status, fine.text).toBe(201);
      }
    },
  );

  it('refuses a product the payment cannot pay for, on the code field', async () => {
    // for points: a product only a code pays for; for a code: a product other than the code's
    const [buyer] = (await payment.buyers(m.digital.id, 1)) as [Buyer];
    const res = await order(buyer, { productId: payment.name === 'points' ? codeOnly.id : m.physical.id });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'PRODUCT_NEEDS_CODE', details: [{ path: 'code' }] });
    expect(await payment.left(buyer)).toBe(payment.name === 'points' ? 10 : true);
    expect(await ordersOf(buyer)).toBe(0);
  });

  it('a retry with the same Idempotency-Key gets the first answer and pays once; another request with it is refused', async () => {
    const [buyer] = (await payment.buyers(m.digital.id, 1)) as [Buyer];
    const key = `buy-${randomUUID()}`;
    const first = await order(buyer, { productId: m.digital.id, centreId: undefined }, key);
    expect(first.status, first.text).toBe(201);
    expect(first.body.order).toMatchObject({ paidWith: payment.name, delivery: { kind: 'product_code' } });
    const again = await order(buyer, { productId: m.digital.id, centreId: undefined }, key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await order(buyer, { productId: m.physical.id }, key);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await ordersOf(buyer)).toBe(1);
    expect(await payment.left(buyer)).toBe(payment.name === 'points' ? 0 : false);
  });

  it('a refused request gives its key back: the corrected request may use it', async () => {
    const [buyer] = (await payment.buyers(m.physical.id, 1)) as [Buyer];
    const key = `fix-${randomUUID()}`;
    expect((await order(buyer, { centreId: undefined }, key)).body.error.details[0].code).toBe(
      'SHOP_REQUIRED',
    );
    const fixed = await order(buyer, {}, key);
    expect(fixed.status, fixed.text).toBe(201);
  });

  it('two sends of one key at once place one order; both get its answer', async () => {
    const [buyer] = (await payment.buyers(m.physical.id, 1)) as [Buyer];
    const key = `twice-${randomUUID()}`;
    const [a, b] = await Promise.all([order(buyer, {}, key), order(buyer, {}, key)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    expect([a, b].filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    expect(await ordersOf(buyer)).toBe(1);
  });

  it('20 units and 200 buyers at once: 20 orders, the others refused and still holding their payment', {
    timeout: 120_000,
  }, async () => {
    const product = raceProduct[payment.name];
    const buyers = await payment.buyers(product.id, 200);
    const answers = await Promise.all(buyers.map((b) => order(b, { productId: product.id })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    const refused = answers.filter((a) => a.status !== 201);
    expect(new Set(refused.map((a) => `${a.status} ${a.body.error?.code}`))).toEqual(
      new Set(['409 OUT_OF_STOCK']),
    );
    expect(await stockOf(product.id)).toEqual({ stock: 0, claimed: 20 });
    const left = await Promise.all(buyers.map((b) => payment.left(b)));
    const unpaid = payment.name === 'points' ? 10 : true;
    expect(left.filter((l) => l === unpaid)).toHaveLength(180);
    const [vouchers] = await t.db.ownerQuery<{ n: number }>(
      `select count(*)::int as n from orders o join reward_codes rc on rc.tenant_id = o.tenant_id and rc.code = o.voucher_code
        where o.tenant_id = $1 and o.product_id = $2 and rc.centre_id = $3`,
      [tenant.id, product.id, m.shop.id],
    );
    expect(vouchers?.n).toBe(20);
  });

  it('the pickup voucher is handed over once, at its shop only', async () => {
    const [buyer] = (await payment.buyers(m.physical.id, 1)) as [Buyer];
    const placed = await order(buyer, {});
    expect(placed.status, placed.text).toBe(201);
    const { voucherCode, shop } = placed.body.order.delivery;
    expect(shop).toMatchObject({ centreId: m.shop.id, code: m.shop.code, name: m.shop.name });
    const stranger = await t.createUser(tenant, 'OPERATOR', { centreId: (await createCentre(t, tenant)).id });
    expect((await redeem(t, stranger, voucherCode)).body.error.code).toBe('CENTRE_NOT_ALLOWED');
    const handed = await redeem(t, m.operator, voucherCode);
    expect(handed.status, handed.text).toBe(200);
    expect(handed.body.redemption.product).toMatchObject({ id: m.physical.id, quantity: 1 });
    expect((await redeem(t, m.operator, voucherCode)).body.error.code).toBe('CODE_ALREADY_REDEEMED');
  });
});

describe('a product code entered in the marketplace (marketplace-code)', () => {
  const enter = (buyer: Buyer, body: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: `/api/public/${tenant.slug}/marketplace-code/${m.campaign.name}/${m.marketplace.id}`,
      token: buyer.token,
      body: { code: buyer.code, ...body },
    });

  it('gives the code’s product through the same order functions: the shop is asked for, the voucher issued', async () => {
    const [buyer] = (await code.buyers(m.physical.id, 1)) as [Buyer];
    const noShop = await enter(buyer, {});
    expect(noShop.status).toBe(400);
    expect(noShop.body.error.details[0]).toMatchObject({ path: 'centreId', code: 'SHOP_REQUIRED' });
    expect(await code.left(buyer)).toBe(true);
    const given = await enter(buyer, { centreId: m.shop.id });
    expect(given.status, given.text).toBe(200);
    expect(given.body).toMatchObject({
      kind: 'product',
      order: {
        productId: m.physical.id,
        paidWith: 'code',
        delivery: { kind: 'pickup', shop: { centreId: m.shop.id } },
      },
    });
    expect(await code.left(buyer)).toBe(false);
    expect(await ordersOf(buyer)).toBe(1);
  });

  it('a sold-out product’s code is refused and stays unused', async () => {
    const [buyer] = (await code.buyers(soldOut.id, 1)) as [Buyer];
    const res = await enter(buyer, { centreId: m.shop.id });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('OUT_OF_STOCK');
    expect(await code.left(buyer)).toBe(true);
    expect(await ordersOf(buyer)).toBe(0);
  });
});

describe('what only one payment refuses', () => {
  it('points: a balance short of the price refuses with POINTS_INSUFFICIENT on amount', async () => {
    const [buyer] = (await bulkCustomers(t, tenant, m.campaign.id, 1, 9)) as [
      { token: string; participantId: string },
    ];
    const res = await order({ ...buyer, code: null }, {});
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'POINTS_INSUFFICIENT', details: [{ path: 'amount' }] });
  });

  it('code: a used code refuses with REDEEM_CODE_USED, an unknown one with INVALID_PRIZE_CODE, both on code', async () => {
    const [buyer] = (await code.buyers(m.physical.id, 1)) as [Buyer];
    expect((await order(buyer, {})).status).toBe(201);
    const used = await order(buyer, {});
    expect(used.status).toBe(409);
    expect(used.body.error).toMatchObject({ code: 'REDEEM_CODE_USED', details: [{ path: 'code' }] });
    const unknown = await order({ ...buyer, code: 'NOPE-0000' }, {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'INVALID_PRIZE_CODE', details: [{ path: 'code' }] });
  });

  it('code: a code worth points pays for no product', async () => {
    const [buyer] = (await code.buyers(m.physical.id, 1)) as [Buyer];
    const batch = await api('POST', '/api/redeem-code-batches', {
      campaignId: m.campaign.id,
      count: 1,
      points: 5,
    });
    const [row] = await t.db.ownerQuery<{ code: string }>(
      'select code from redeem_codes where batch_id = $1',
      [batch.batch.id],
    );
    const res = await order({ ...buyer, code: row?.code as string }, {});
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'PRODUCT_NEEDS_CODE', details: [{ path: 'code' }] });
    // the refusal rolled the code's use back
    const [still] = await t.db.ownerQuery<{ used: boolean }>(
      'select used_at is not null as used from redeem_codes where tenant_id = $1 and code = $2',
      [tenant.id, row?.code],
    );
    expect(still?.used).toBe(false);
  });
});
