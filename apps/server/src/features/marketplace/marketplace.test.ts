import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createActiveCampaign, createCentre } from '../../testing/campaign-fixtures.ts';
import { redeem } from '../../testing/code-fixtures.ts';
import { createPerson, lastCode, marketSetup, pointsCode, signIn } from '../../testing/market-fixtures.ts';
import { createTestApp, randomIp } from '../../testing/test-app.ts';

const t = await createTestApp();
const tenant = await t.createTenant();
const other = await t.createTenant();
const admin = tenant.admin.token;
const m = await marketSetup(t, tenant, { physicalStock: 2, digitalCodes: 2, price: 30 });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('products, lots and marketplaces (admin)', () => {
  it('refuses products without stock or price, with the spec’s message', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/products',
      token: admin,
      body: { name: 'X', kind: 'physical', pricePoints: 0, stock: 0 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'stock',
          message: 'El stock y el precio del producto deben ser mayores que cero.',
        }),
        expect.objectContaining({ path: 'pricePoints', code: 'PRODUCT_STOCK_PRICE_POSITIVE' }),
      ]),
    );
  });

  it('a digital product without codes cannot be active, nor be offered', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/products',
      token: admin,
      body: { name: 'PIN', kind: 'digital', pricePoints: 5, stock: 3 },
    });
    expect(created.body).toMatchObject({ active: false, codes: { available: 0 } });
    const activate = await t.request({
      method: 'PATCH',
      url: `/api/products/${created.body.id}`,
      token: admin,
      body: { active: true },
      headers: { 'accept-language': 'en' },
    });
    expect(activate.status).toBe(400);
    expect(activate.body.error.code).toBe('VALIDATION_FAILED');
    expect(activate.body.error.details[0]).toMatchObject({
      code: 'PRODUCT_CODES_REQUIRED',
      message: 'Codes must be uploaded for a product.',
    });
    const market = await t.request({
      method: 'POST',
      url: '/api/marketplaces',
      token: admin,
      body: { name: 'M', templateId: 'grid', campaignId: m.campaign.id, productIds: [created.body.id] },
    });
    expect(market.body.error.details[0]).toMatchObject({
      path: 'productIds.0',
      code: 'PRODUCT_CODES_REQUIRED',
    });
  });

  it('validates lot setups with the spec’s messages and places stock per shop', async () => {
    const bad = async (body: unknown) =>
      (
        await t.request({ method: 'POST', url: '/api/product-lots', token: admin, body })
      ).body.error.details.map((d: { code: string }) => d.code);
    expect(await bad({ lots: [] })).toEqual(['LOT_REQUIRED']);
    expect(await bad({ lots: [{ productId: m.physical.id, shops: [] }] })).toEqual(['LOT_SHOP_REQUIRED']);
    expect(await bad({ lots: [{ shops: [{ centreId: m.shop.id, amount: 1 }] }] })).toEqual([
      'LOT_PRODUCT_REQUIRED',
    ]);
    expect(
      await bad({ lots: [{ productId: m.physical.id, shops: [{ centreId: m.shop.id, amount: 0 }] }] }),
    ).toEqual(['LOT_AMOUNT_POSITIVE']);
    expect(
      await bad({ lots: [{ productId: m.physical.id, shops: [{ centreId: m.shop.id, amount: 5 }] }] }),
    ).toEqual(['LOT_EXCEEDS_STOCK']);
    const product = await t.request({ url: `/api/products/${m.physical.id}`, token: admin });
    expect(product.body.shops).toEqual([
      expect.objectContaining({ centreId: m.shop.id, received: 2, stock: 2 }),
    ]);
    const lots = await t.request({ url: `/api/product-lots?productId=${m.physical.id}`, token: admin });
    expect(lots.body.items).toHaveLength(1);
  });

  it('validates marketplaces: name, template id format, at least one product', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/marketplaces',
      token: admin,
      body: { name: ' ', templateId: '1 bad', campaignId: m.campaign.id, productIds: [] },
    });
    expect(res.body.error.details.map((d: { code: string }) => d.code).sort()).toEqual([
      'MARKETPLACE_NAME_REQUIRED',
      'MARKETPLACE_PRODUCT_REQUIRED',
      'MARKETPLACE_TEMPLATE_INVALID',
    ]);
    const preview = await t.request({ url: `/api/marketplaces/${m.marketplace.id}/preview`, token: admin });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ person: null, balance: null, marketplace: { open: true } });
    expect(preview.body.products.map((p: { stock: number }) => p.stock)).toEqual([2, 2]);
  });

  it('another tenant sees none of it', async () => {
    const res = await t.request({ url: `/api/marketplaces/${m.marketplace.id}`, token: other.admin.token });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    const list = await t.request({ url: '/api/products', token: other.admin.token });
    expect(list.body.total).toBe(0);
  });
});

describe('the end customer', () => {
  it('answers an unknown person as it answers a customer, and sends nothing (issue #35)', async () => {
    const person = await createPerson(t, tenant);
    const ask = (family: string, cedula: string) =>
      t.request({
        method: 'POST',
        url: `/api/public/${tenant.slug}/${family}/${m.campaign.name}`,
        body: { cedula },
      });
    const outbox = async () =>
      (
        await t.db.ownerQuery<{ n: number }>('select count(*)::int as n from outbox where tenant_id = $1', [
          tenant.id,
        ])
      )[0]?.n;
    const before = await outbox();
    const unknown = await ask('marketplace-authentication', '999999999');
    // a person without a points account in the campaign has no transactions to sign in to
    const noPoints = await ask('transactions-authentication', person.cedula);
    expect(await outbox()).toBe(before);
    const known = await ask('marketplace-authentication', person.cedula);
    expect(await outbox()).toBe((before ?? 0) + 1);
    for (const res of [unknown, noPoints, known]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual(known.body);
    }
  });

  it('five wrong one-time codes from one address lock that address out, and kill the code: a new one signs in from elsewhere', async () => {
    const person = await createPerson(t, tenant);
    const url = `/api/public/${tenant.slug}/marketplace-authentication/${m.campaign.name}`;
    const sent = await t.request({ method: 'POST', url, body: { cedula: person.cedula } });
    expect(Object.keys(sent.body)).toEqual(['expiresAt']);
    expect(t.logLines.join('')).toContain('outbox e-mail');
    const code = await lastCode(t, tenant.id);
    const wrong = code === '000000' ? '111111' : '000000';
    const attacker = randomIp();
    for (let i = 0; i < 5; i++) {
      const res = await t.request({
        method: 'POST',
        url: `${url}/verify`,
        ip: attacker,
        body: { cedula: person.cedula, code: wrong },
      });
      expect(res.body.error.code).toBe('OTP_INVALID');
    }
    const locked = await t.request({
      method: 'POST',
      url: `${url}/verify`,
      ip: attacker,
      body: { cedula: person.cedula, code },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('LOGIN_LOCKED');
    const [tries] = await t.db.ownerQuery<{ attempts: number }>(
      'select attempts from customer_otps where tenant_id = $1 and participant_id = $2',
      [tenant.id, person.id],
    );
    expect(tries?.attempts).toBe(5);
    const dead = await t.request({
      method: 'POST',
      url: `${url}/verify`,
      ip: randomIp(),
      body: { cedula: person.cedula, code },
    });
    expect(dead.body.error.code).toBe('OTP_INVALID');
    await t.request({ method: 'POST', url, body: { cedula: person.cedula } });
    const fresh = await lastCode(t, tenant.id);
    const owner = await t.request({
      method: 'POST',
      url: `${url}/verify`,
      ip: randomIp(),
      body: { cedula: person.cedula, code: fresh },
    });
    expect(owner.status).toBe(200);
    expect(owner.body.person.id).toBe(person.id);
    // used once
    const again = await t.request({
      method: 'POST',
      url: `${url}/verify`,
      ip: randomIp(),
      body: { cedula: person.cedula, code: fresh },
    });
    expect(again.body.error.code).toBe('OTP_INVALID');
  });

  it('tokens do not cross: back-office tokens on customer routes, customer tokens on back-office routes', async () => {
    const person = await createPerson(t, tenant);
    const session = await signIn(t, tenant, m.campaign.name, person.cedula);
    const page = `/api/public/${tenant.slug}/marketplace/${m.campaign.name}/${m.marketplace.id}`;
    const otherPage = `/api/public/${other.slug}/marketplace/${m.campaign.name}/${m.marketplace.id}`;
    for (const [url, token] of [
      [page, undefined],
      [page, admin],
      ['/api/products', session.token],
      // the other tenant's page is refused on the token's tenant, before any look-up of that page
      [otherPage, session.token],
    ] as const) {
      const res = await t.request({ url, token });
      expect(res.status, `${url} ${res.text}`).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('a customer’s session ends after 30 minutes, even once its token has been used', async () => {
    const person = await createPerson(t, tenant);
    const session = await signIn(t, tenant, m.campaign.name, person.cedula);
    const page = `/api/public/${tenant.slug}/marketplace/${m.campaign.name}/${m.marketplace.id}`;
    expect((await t.request({ url: page, token: session.token })).status).toBe(200);
    const start = t.clock.now();
    t.clock.advance(30 * 60_000 + 1000);
    const late = await t.request({ url: page, token: session.token });
    t.clock.set(start);
    expect(late.status).toBe(401);
    expect(late.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('credits a code, redeems both products, and an operator hands over the pickup at the shop', async () => {
    const person = await createPerson(t, tenant);
    const session = await signIn(t, tenant, m.campaign.name, person.cedula);
    expect(session.balance).toBe(0);
    const base = `/api/public/${tenant.slug}`;
    const code = await pointsCode(t, tenant, m.campaign.id, 70);
    const credited = await t.request({
      method: 'POST',
      url: `${base}/marketplace-code/${m.campaign.name}/${m.marketplace.id}`,
      token: session.token,
      body: { code: code.toLowerCase() },
    });
    expect(credited.body).toEqual({ kind: 'points', points: 70, balance: 70 });
    const again = await t.request({
      method: 'POST',
      url: `${base}/marketplace-code/${m.campaign.name}/${m.marketplace.id}`,
      token: session.token,
      body: { code },
    });
    expect(again.body.error.code).toBe('REDEEM_CODE_USED');

    const list = await t.request({
      url: `${base}/marketplace/${m.campaign.name}/${m.marketplace.id}`,
      token: session.token,
    });
    expect(list.body).toMatchObject({ balance: 70, person: { name: 'Ana Mora' } });
    expect(list.body.products[0]).toMatchObject({
      kind: 'physical',
      stock: 2,
      shops: [{ centreId: m.shop.id, stock: 2 }],
    });

    const buy = (body: Record<string, unknown>, headers?: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: '/api/users/reward-codes/product',
        token: session.token,
        body: { marketplaceId: m.marketplace.id, ...body },
        ...(headers ? { headers } : {}),
      });
    expect((await buy({ productId: m.physical.id })).body.error.details[0].code).toBe('SHOP_REQUIRED');
    const digital = await buy({ productId: m.digital.id }, { 'idempotency-key': 'buy-1' });
    expect(digital.status).toBe(201);
    expect(digital.body).toMatchObject({ balance: 40, order: { paidWith: 'points', points: 30 } });
    expect(digital.body.order.delivery.productCode).toMatch(/^PIN-/);
    const replay = await buy({ productId: m.digital.id }, { 'idempotency-key': 'buy-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(digital.body);

    const pickup = await buy({ productId: m.physical.id, centreId: m.shop.id });
    expect(pickup.status).toBe(201);
    expect(pickup.body.balance).toBe(10);
    const voucher = pickup.body.order.delivery;
    expect(voucher).toMatchObject({ kind: 'pickup', shop: { centreId: m.shop.id } });
    expect((await buy({ productId: m.physical.id, centreId: m.shop.id })).body.error.code).toBe(
      'POINTS_INSUFFICIENT',
    );

    // the counter: another shop's operator cannot, the shop's operator can, once
    const elsewhere = await createCentre(t, tenant);
    const stranger = await t.createUser(tenant, 'OPERATOR', { centreId: elsewhere.id });
    expect((await redeem(t, stranger, voucher.voucherCode)).body.error.code).toBe('CENTRE_NOT_ALLOWED');
    const lookUp = await t.request({
      url: `/api/reward-codes/get-by-code/${voucher.voucherCode}`,
      token: m.operator.token,
    });
    expect(lookUp.body).toMatchObject({
      status: 'assigned',
      redeemableHere: true,
      person: { cedula: person.cedula },
      // the counter names what to hand over
      product: { id: m.physical.id, name: 'Camiseta', quantity: 1 },
    });
    const handedOver = await redeem(t, m.operator, voucher.voucherCode);
    expect(handedOver.status).toBe(200);
    expect(handedOver.body.redemption).toMatchObject({
      code: voucher.voucherCode,
      product: { id: m.physical.id, name: 'Camiseta', quantity: 1 },
    });
    expect((await redeem(t, m.operator, voucher.voucherCode)).body.error.code).toBe('CODE_ALREADY_REDEEMED');

    const tx = await t.request({
      url: `${base}/transactions/${m.campaign.name}/${session.person.id}`,
      token: session.token,
    });
    expect(tx.body.balance).toBe(10);
    expect(
      tx.body.items.map((i: { kind: string; amount: number; balanceAfter: number }) => [
        i.kind,
        i.amount,
        i.balanceAfter,
      ]),
    ).toEqual([
      ['redemption', -30, 10],
      ['redemption', -30, 40],
      ['code_credit', 70, 70],
    ]);
    expect(tx.body.items[0].order.delivery.kind).toBe('pickup');
    const pastTheEnd = await t.request({
      url: `${base}/transactions/${m.campaign.name}/${session.person.id}?page=9`,
      token: session.token,
    });
    expect([pastTheEnd.status, pastTheEnd.body.balance, pastTheEnd.body.items]).toEqual([200, 10, []]);
    const someoneElse = await t.request({
      url: `${base}/transactions/${m.campaign.name}/${person.id.replace(/.$/, (last) => (last === '0' ? '1' : '0'))}`,
      token: session.token,
    });
    expect(someoneElse.status).toBe(404);
    expect(someoneElse.body.error.code).toBe('NOT_FOUND');

    const orders = await t.request({
      url: `/api/orders?productId=${m.physical.id}`,
      token: m.operator.token,
    });
    expect(orders.body.items[0]).toMatchObject({ centreId: m.shop.id, voucherStatus: 'redeemed' });
    const totals = await t.request({ url: '/api/reconciliation-reports/order-totals', token: admin });
    expect(totals.headers['content-type']).toContain('text/csv');
    expect(totals.text).toContain('Camiseta,1,30,1');
    const xlsx = await t.app.inject({
      url: '/api/reconciliation-reports/orders?format=xlsx',
      headers: auth(admin),
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Pedidos');
    expect(sheet?.getRow(1).getCell(2).value).toBe('Fecha');
    // a date cell holding the Costa Rica wall clock (the test clock is 15:00 UTC), and a number
    expect(sheet?.getRow(2).getCell(2).value).toEqual(new Date('2026-06-01T09:00:00Z'));
    expect(sheet?.getRow(2).getCell(2).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(typeof sheet?.getRow(2).getCell(7).value).toBe('number');
    const csv = await t.request({ url: '/api/reconciliation-reports/orders', token: admin });
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      'Pedido,Fecha,Código de tienda,Tienda,Producto,Pagado con,Puntos,Código de canje,Código de retiro,Estado del retiro,Identificación',
    );
    expect(lines.some((l) => l.includes(',Puntos,30,') && l.includes(',Canjeado,'))).toBe(true);
    const totalsFile = await t.app.inject({
      url: '/api/reconciliation-reports/order-totals?format=xlsx',
      headers: auth(admin),
    });
    const totalsBook = new ExcelJS.Workbook();
    await totalsBook.xlsx.load(totalsFile.rawPayload as unknown as ArrayBuffer);
    expect(totalsBook.worksheets.map((w) => w.name)).toEqual(['Pedidos por tienda', 'Totales']);
    expect(totalsBook.getWorksheet('Pedidos por tienda')?.getColumn(3).values).not.toContain('TOTAL');
  });

  it('a product sold out answers OUT_OF_STOCK and changes nothing', async () => {
    const setup = await marketSetup(t, tenant, { physicalStock: 1, digitalCodes: 0, price: 5 });
    const person = await createPerson(t, tenant);
    await t.request({
      method: 'POST',
      url: '/api/points/adjustments',
      token: admin,
      body: { campaignId: setup.campaign.id, cedula: person.cedula, amount: 20, reason: 'bienvenida' },
    });
    const session = await signIn(t, tenant, setup.campaign.name, person.cedula);
    const buy = () =>
      t.request({
        method: 'POST',
        url: '/api/users/reward-codes/product',
        token: session.token,
        body: { marketplaceId: setup.marketplace.id, productId: setup.physical.id, centreId: setup.shop.id },
      });
    expect((await buy()).status).toBe(201);
    const sold = await buy();
    expect(sold.body.error.code).toBe('OUT_OF_STOCK');
    const tx = await t.request({
      url: `/api/public/${tenant.slug}/transactions/${setup.campaign.name}/${session.person.id}`,
      token: session.token,
    });
    expect(tx.body.balance).toBe(15);
  });

  it('a closed marketplace refuses orders', async () => {
    const setup = await marketSetup(t, tenant, { digitalCodes: 0 });
    await t.request({
      method: 'PATCH',
      url: `/api/marketplaces/${setup.marketplace.id}`,
      token: admin,
      body: { closesAt: '2026-05-01T00:00:00Z', opensAt: '2026-04-01T00:00:00Z' },
    });
    const person = await createPerson(t, tenant);
    await t.request({
      method: 'POST',
      url: '/api/points/adjustments',
      token: admin,
      body: { campaignId: setup.campaign.id, cedula: person.cedula, amount: 50, reason: 'x' },
    });
    const session = await signIn(
      t,
      tenant,
      setup.campaign.name,
      person.cedula,
      'transactions-authentication',
    );
    const res = await t.request({
      method: 'POST',
      url: '/api/users/reward-codes/product',
      token: session.token,
      body: { marketplaceId: setup.marketplace.id, productId: setup.physical.id, centreId: setup.shop.id },
    });
    expect(res.body.error.code).toBe('MARKETPLACE_CLOSED');
  });

  it('a campaign of another kind has no marketplace sign-in', async () => {
    const raffle = await createActiveCampaign(t, tenant, { kind: 'raffle' });
    const person = await createPerson(t, tenant);
    const res = await t.request({
      method: 'POST',
      url: `/api/public/${tenant.slug}/marketplace-authentication/${raffle.name}`,
      body: { cedula: person.cedula },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});
