#!/usr/bin/env node
// bench/marketplace: product redemption for points (POST /api/marketplaces/redeem-product, each
// request with its own Idempotency-Key) against PostgreSQL, every request buying the same physical
// product at the same shop (the hot row), from `--people` customers holding enough points, next to
// the reference route (bench/reference: a minimal Fastify + node-postgres route doing one
// conditional UPDATE … RETURNING) loaded the same way in the same run.
//   node bench/marketplace/run.mjs [--duration 15] [--connections 50] [--people 2000]
import { spawnSync } from 'node:child_process';
import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { figures, loadMeter, ratio, referencePgUpdate } from '../lib/reference.mjs';
import { api, machine, PASSWORD, startServer } from '../lib/server.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    people: { type: 'string', default: '2000' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const people = Number(values.people);
const stock = 1_000_000;

// the server's secret, known here so that the customers' tokens can be signed without the
// one-time code's e-mail round (the key is derived as apps/server's customer-token.ts does)
process.env.JWT_SECRET ??= randomBytes(32).toString('hex');
const customerKey = createSecretKey(
  createHmac('sha256', process.env.JWT_SECRET).update('promo-customer-token-v1').digest(),
);

const psql = (database, sql) => {
  const done = spawnSync('psql', [database, '-Atqc', sql], { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(done.stderr);
  return done.stdout.trim();
};

const server = await startServer({ port: 3193 });
try {
  const { token } = await api(server.url, '/api/auth/login', {
    body: { tenant: 'demo', username: 'admin', password: PASSWORD },
  });
  const now = Date.now();
  const shop = await api(server.url, '/api/redemption-centres', {
    token,
    body: { code: '900002', name: 'Bench shop', latitude: 9.9, longitude: -84 },
  });
  const campaign = await api(server.url, '/api/campaigns', {
    token,
    body: {
      name: `market-${now}`,
      title: 'Bench marketplace',
      kind: 'points',
      countryCode: 'CR',
      startsAt: new Date(now - 86_400_000).toISOString(),
      endsAt: new Date(now + 86_400_000).toISOString(),
    },
  });
  await api(server.url, `/api/campaigns/${campaign.id}/form`, {
    token,
    method: 'PUT',
    body: {
      fields: [
        { key: 'cedula', type: 'cedula', label: 'Cédula', required: true },
        { key: 'name', type: 'text', label: 'Nombre', required: true },
        { key: 'department', type: 'department', label: 'Provincia', required: true },
      ],
    },
  });
  await api(server.url, `/api/campaigns/${campaign.id}/active-status`, {
    token,
    method: 'PATCH',
    body: { active: true },
  });
  const product = await api(server.url, '/api/products', {
    token,
    body: { name: 'Camiseta', kind: 'physical', pricePoints: 1, stock, images: ['https://img.test/c.png'] },
  });
  await api(server.url, '/api/product-lots', {
    token,
    body: {
      lots: [{ reference: 'L1', productId: product.id, shops: [{ centreId: shop.id, amount: stock }] }],
    },
  });
  const marketplace = await api(server.url, '/api/marketplaces', {
    token,
    body: { name: 'Bench', templateId: 'grid-2', campaignId: campaign.id, productIds: [product.id] },
  });
  // customers with points, written in bulk (as the concurrency tests' fixtures do)
  const tenantId = psql(server.database, `select tenant_id from campaigns where id = '${campaign.id}'`);
  const ids = psql(
    server.database,
    `with p as (
       insert into participants (tenant_id, cedula, name, email)
       select '${tenantId}', 'M' || g, 'Bench ' || g, 'bench' || g || '@example.com' from generate_series(1, ${people}) g
       returning id),
     a as (insert into points_accounts (tenant_id, campaign_id, participant_id, balance)
           select '${tenantId}', '${campaign.id}', id, ${stock} from p returning participant_id)
     insert into points_ledger (tenant_id, campaign_id, participant_id, kind, amount, balance_after, reason, created_at)
     select '${tenantId}', '${campaign.id}', participant_id, 'adjustment', ${stock}, ${stock}, 'bench', now() from a
     returning participant_id`,
  ).split('\n');
  const tokens = await Promise.all(
    ids.map((participantId) =>
      new SignJWT({ tid: tenantId, cid: campaign.id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(participantId)
        .setAudience('promo-customer')
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(customerKey),
    ),
  );
  const body = JSON.stringify({ marketplaceId: marketplace.id, productId: product.id, centreId: shop.id });
  let next = 0;
  const meter = loadMeter(server.database);
  const result = await autocannon({
    url: `${server.url}/api/marketplaces/redeem-product`,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const n = next++;
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[n % tokens.length]}`,
              'idempotency-key': `bench-${n}`,
            },
            body,
          };
        },
      },
    ],
  });
  // every 201 is one order and one unit fewer, as the back office counts them (parked units too),
  // read once the requests still in flight when the load stopped have ended
  const countOrders = () =>
    Number(psql(server.database, `select count(*) from orders where product_id = '${product.id}'`));
  let orders = countOrders();
  for (let before = -1; orders !== before; orders = countOrders()) {
    before = orders;
    await new Promise((r) => setTimeout(r, 2000));
  }
  const left = await api(server.url, `/api/products/${product.id}`, { token });
  const redemption = figures(result, meter);
  const reference = await referencePgUpdate({ databaseUrl: server.database, connections, duration });
  console.log(
    JSON.stringify(
      {
        bench: 'marketplace',
        machine: machine(),
        loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
        redemption: {
          connections,
          durationSeconds: duration,
          people,
          product: redemption,
          check: {
            orders,
            unitsLeft: left.stock,
            shopClaimed: left.shops[0]?.claimed,
            unitsAccountedFor: orders + left.stock === stock && left.shops[0]?.claimed === orders,
          },
          reference: { route: 'Fastify + node-postgres, one UPDATE … RETURNING', ...reference },
          ratio: ratio(redemption, reference),
          target: '>= 0.25 x reference at 50 connections',
        },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
