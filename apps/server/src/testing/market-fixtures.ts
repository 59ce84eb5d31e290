import { signCustomerToken } from '../features/marketplace/index.ts';
import { createActiveCampaign, createCentre, nextCedula } from './campaign-fixtures.ts';
import { multipart } from './multipart.ts';
import { TEST_SECRET, type TestApp, type TestTenant } from './test-app.ts';

/**
 * A points campaign with a marketplace selling a physical product (lots in one shop) and a
 * digital product (uploaded codes), and an operator of the shop.
 */
export async function marketSetup(
  t: TestApp,
  tenant: TestTenant,
  options: { physicalStock?: number; digitalCodes?: number; price?: number } = {},
) {
  const admin = tenant.admin.token;
  const campaign = await createActiveCampaign(t, tenant, { kind: 'points' });
  const shop = await createCentre(t, tenant);
  const stock = options.physicalStock ?? 10;
  const price = options.price ?? 30;
  const physical = await t.request({
    method: 'POST',
    url: '/api/products',
    token: admin,
    body: {
      name: 'Camiseta',
      kind: 'physical',
      pricePoints: price,
      stock,
      images: ['https://img.test/c.png'],
    },
  });
  if (physical.status !== 201) throw new Error(`product: ${physical.text}`);
  const lots = await t.request({
    method: 'POST',
    url: '/api/product-lots',
    token: admin,
    body: {
      lots: [{ reference: 'L1', productId: physical.body.id, shops: [{ centreId: shop.id, amount: stock }] }],
    },
  });
  if (lots.status !== 201) throw new Error(`lots: ${lots.text}`);
  const codes = options.digitalCodes ?? 3;
  const digital = await t.request({
    method: 'POST',
    url: '/api/products',
    token: admin,
    body: { name: 'Tarjeta regalo', kind: 'digital', pricePoints: price, stock: Math.max(1, codes) },
  });
  if (digital.status !== 201) throw new Error(`digital: ${digital.text}`);
  if (codes > 0) {
    const csv = `code\n${Array.from({ length: codes }, (_, i) => `PIN-${digital.body.id.slice(0, 8)}-${i}`).join('\n')}\n`;
    const upload = multipart({}, csv);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/products/${digital.body.id}/codes`,
      headers: { authorization: `Bearer ${admin}`, ...upload.headers },
      payload: upload.payload,
    });
    if (uploaded.statusCode !== 200) throw new Error(`codes: ${uploaded.body}`);
    await t.request({
      method: 'PATCH',
      url: `/api/products/${digital.body.id}`,
      token: admin,
      body: { active: true },
    });
  }
  const marketplace = await t.request({
    method: 'POST',
    url: '/api/marketplaces',
    token: admin,
    body: {
      name: 'Tienda de puntos',
      templateId: 'grid-2',
      campaignId: campaign.id,
      productIds: [physical.body.id, ...(codes > 0 ? [digital.body.id] : [])],
    },
  });
  if (marketplace.status !== 201) throw new Error(`marketplace: ${marketplace.text}`);
  const operator = await t.createUser(tenant, 'OPERATOR', { centreId: shop.id });
  return {
    campaign,
    shop,
    physical: physical.body as { id: string },
    digital: digital.body as { id: string },
    marketplace: marketplace.body as { id: string },
    operator,
  };
}

/** A person of the tenant known by identity number, with an e-mail (created through the CRM). */
export async function createPerson(t: TestApp, tenant: TestTenant) {
  const cedula = nextCedula();
  const res = await t.request({
    method: 'POST',
    url: '/api/crm/create-user',
    token: tenant.admin.token,
    body: { countryCode: 'CR', cedula, name: 'Ana Mora', email: `ana${cedula}@example.com` },
  });
  if (res.status !== 201) throw new Error(`person: ${res.text}`);
  return { id: res.body.id as string, cedula };
}

/** A new redeem code worth `points` in a campaign (a batch of one, read back as a developer would). */
export async function pointsCode(t: TestApp, tenant: TestTenant, campaignId: string, points: number) {
  const res = await t.request({
    method: 'POST',
    url: '/api/redeem-code-batches',
    token: tenant.admin.token,
    body: { campaignId, count: 1, points },
  });
  if (res.status !== 201) throw new Error(`redeem codes: ${res.text}`);
  const [row] = await t.db.ownerQuery<{ code: string }>('select code from redeem_codes where batch_id = $1', [
    res.body.batch.id,
  ]);
  return row?.code as string;
}

/** The one-time code last sent to a person (read from the outbox, as a developer would). */
export async function lastCode(t: TestApp, tenantId: string): Promise<string> {
  const [row] = await t.db.ownerQuery<{ body: string }>(
    'select body from outbox where tenant_id = $1 order by created_at desc limit 1',
    [tenantId],
  );
  const match = /(\d{6})/.exec(row?.body ?? '');
  if (!match?.[1]) throw new Error('no code in the outbox');
  return match[1];
}

/** Signs in through the one-time code: answers the session (token, person id, balance). */
export async function signIn(
  t: TestApp,
  tenant: TestTenant,
  campaignName: string,
  cedula: string,
  family = 'marketplace-authentication',
) {
  const sent = await t.request({
    method: 'POST',
    url: `/api/public/${tenant.slug}/${family}/${campaignName}`,
    body: { cedula },
  });
  if (sent.status !== 200) throw new Error(`otp: ${sent.text}`);
  const verified = await t.request({
    method: 'POST',
    url: `/api/public/${tenant.slug}/${family}/${campaignName}/verify`,
    body: { cedula, code: await lastCode(t, tenant.id) },
  });
  if (verified.status !== 200) throw new Error(`verify: ${verified.text}`);
  return verified.body as { token: string; person: { id: string }; balance: number };
}

/**
 * `count` people with `balance` points each (none: no account) in a campaign, written in bulk (one credit entry each)
 * for concurrency tests, with an end-customer token each.
 */
export async function bulkCustomers(
  t: TestApp,
  tenant: TestTenant,
  campaignId: string,
  count: number,
  balance: number,
) {
  const rows = await t.db.ownerQuery<{ id: string }>(
    `insert into participants (tenant_id, cedula, name, email)
     select $1, 'B' || $3 || '-' || g, 'Bulk ' || g, 'bulk' || g || '@example.com' from generate_series(1, $2) g
     returning id`,
    [tenant.id, count, t.unique('x')],
  );
  const ids = rows.map((r) => r.id);
  // none: people without an account (their points start with their first credit)
  if (balance > 0) {
    await t.db.ownerQuery(
      `insert into points_accounts (tenant_id, campaign_id, participant_id, balance)
     select $1, $2, p::uuid, $4 from jsonb_array_elements_text($3::jsonb) p`,
      [tenant.id, campaignId, JSON.stringify(ids), balance],
    );
    await t.db.ownerQuery(
      `insert into points_ledger (tenant_id, campaign_id, participant_id, kind, amount, balance_after, reason, created_at)
     select $1, $2, p::uuid, 'adjustment', $4, $4, 'carga inicial', now() from jsonb_array_elements_text($3::jsonb) p`,
      [tenant.id, campaignId, JSON.stringify(ids), balance],
    );
  }
  const now = t.clock.now();
  return Promise.all(
    ids.map(async (participantId) => ({
      participantId,
      token: (await signCustomerToken(TEST_SECRET, { tenantId: tenant.id, campaignId, participantId }, now))
        .token,
    })),
  );
}
