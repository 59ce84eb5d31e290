import sharp from 'sharp';
import {
  createActiveCampaign,
  createCentre,
  nextCedula,
  participate,
  validAnswers,
} from './campaign-fixtures.ts';
import { redeem, rewardCodeSetup } from './code-fixtures.ts';
import { multipart } from './multipart.ts';
import type { TestApp, TestTenant } from './test-app.ts';

/**
 * One request of the cross-tenant walk: the id put in the route, its body (and headers), and
 * the status the owning tenant's admin gets for the very same request, proving the id and body
 * are right and that another tenant's 404 comes from the tenant boundary alone.
 */
export type OwnedRequest = { id: string; body?: unknown; headers?: Record<string, string>; owner: number };

const FORM = {
  fields: [
    { key: 'cedula', type: 'cedula', label: 'Cédula', required: true },
    { key: 'department', type: 'department', label: 'Provincia', required: true },
  ],
};

/**
 * Resources of `tenant`, made through the API before any test runs, and the request of each
 * `:id` route an admin may use. A route that changes or removes what it reaches (a delete, an
 * archive, a draw) gets a resource of its own, so the walk's order does not matter.
 */
export async function ownedResources(t: TestApp, tenant: TestTenant): Promise<Record<string, OwnedRequest>> {
  // the walk signs the admin out and in again: its resources are made now, with this token
  const token = tenant.admin.token;
  async function made(url: string, body: unknown, method: 'POST' | 'PUT' | 'GET' = 'POST') {
    const res = await t.request({ method, url, token, body });
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
    return res.body;
  }
  const draftCampaign = (kind = 'raffle') =>
    made('/api/campaigns', {
      name: t.unique('c'),
      title: 'Promo',
      kind,
      countryCode: 'CR',
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2027-01-01T00:00:00Z',
    });
  const withForm = async () => {
    const c = await draftCampaign();
    await made(`/api/campaigns/${c.id}/form`, FORM, 'PUT');
    return c;
  };
  const raffleWithEntries = async () => {
    const c = await createActiveCampaign(t, tenant);
    for (let i = 0; i < 3; i++) {
      const entered = await participate(t, tenant, c.name, validAnswers());
      if (entered.status !== 201) throw new Error(`participation: ${entered.text}`);
    }
    return c;
  };
  const landingOf = (campaignId: string) =>
    made('/api/landing-pages', {
      name: 'L',
      campaignId,
      document: { schemaVersion: 1, page: { title: 'L' }, elements: [] },
    });
  const person = () => made('/api/crm/create-user', { countryCode: 'CR', cedula: nextCedula() });
  const prizeOf = (campaignId: string) =>
    made(`/api/instant-awards/${campaignId}/prizes`, { name: 'TV', value: 1, stock: 1 });

  // users: another user of the tenant (its admin changing its own password needs the current one)
  const member = await t.createUser(tenant, 'ANALYST');
  const leaver = await t.createUser(tenant, 'ANALYST');

  // campaigns, their forms, groups and rules
  const campaign = await withForm();
  const group = await made('/api/campaign-groups', { name: 'G', campaignIds: [campaign.id] });
  const spareGroup = await made('/api/campaign-groups', { name: 'G2', campaignIds: [campaign.id] });
  const rule = await made('/api/campaign-rulers', { campaignId: campaign.id, kind: 'min_age', params: {} });
  const spareRule = await made('/api/campaign-rulers', {
    campaignId: (await draftCampaign()).id,
    kind: 'min_age',
    params: {},
  });
  const archived = await draftCampaign();
  await made(`/api/campaigns/${archived.id}/archive`, undefined);

  // people and the blacklist
  const blacklisted = await made('/api/blacklist', {
    kind: 'email',
    value: 'x@example.com',
    reason: 'fraude',
  });
  const someone = await person();

  // landing pages and their groups
  const landing = await landingOf(campaign.id);
  const published = await landingOf(campaign.id);
  await made(`/api/landing-pages/${published.id}/publish`, undefined);
  const landingGroup = await made('/api/landing-group', { name: t.unique('lg'), landingIds: [landing.id] });
  const spareLandingGroup = await made('/api/landing-group', {
    name: t.unique('lg'),
    landingIds: [(await landingOf(campaign.id)).id],
  });

  // reward codes: a centre, a group, a standing redemption and a queued job
  const codes = await rewardCodeSetup(t, tenant, 1);
  const centreGroup = await made('/api/redemption-centre-groups', {
    name: 'Norte',
    centreIds: [codes.centre.id],
  });
  const spareCentreGroup = await made('/api/redemption-centre-groups', {
    name: 'Sur',
    centreIds: [codes.centre.id],
  });
  const [generated] = await t.db.ownerQuery<{ code: string }>(
    'select code from reward_codes where tenant_id = $1',
    [tenant.id],
  );
  const redemption = (await redeem(t, codes.operator, generated?.code as string)).body.redemption;
  // a queued generation is thousands of codes: the row its queue writes stands in for it
  const [job] = await t.db.ownerQuery<{ id: string }>(
    "insert into jobs (tenant_id, kind, status) values ($1, 'generate-codes', 'succeeded') returning id",
    [tenant.id],
  );

  // instant awards: a draft campaign (still set up), and another whose moments are set by the walk
  const awards = await draftCampaign('instant_award');
  const prize = await prizeOf(awards.id);
  const sparePrize = await prizeOf(awards.id);
  const toSeal = await draftCampaign('instant_award');
  await prizeOf(toSeal.id);

  // raffles: one drawn, one with a public value committed, one to commit
  const raffle = await raffleWithEntries();
  const draw = await made(`/api/raffle/select-winners/${raffle.id}?count=1&alternates=1`, undefined, 'GET');
  const committed = await raffleWithEntries();
  const commitment = await made(`/api/raffle/campaigns/${committed.id}/commitments`, {
    kind: 'public_value',
    source: 'Lotería',
  });
  const toCommit = await raffleWithEntries();

  const image = await (async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipart({}, png, 'x.png', 'image/png');
    return (await t.request({ method: 'POST', url: '/api/images', token, body: payload, headers })).body;
  })();

  // points and marketplace: a points campaign, products, a batch and marketplaces
  const pointsCampaign = await draftCampaign('points');
  const product = () => made('/api/products', { name: 'Taza', kind: 'physical', pricePoints: 10, stock: 5 });
  const sold = await product();
  const spareProduct = await product();
  const digital = await made('/api/products', { name: 'PIN', kind: 'digital', pricePoints: 10, stock: 1 });
  const batch = (
    await made('/api/redeem-code-batches', { campaignId: pointsCampaign.id, count: 1, points: 5 })
  ).batch;
  const marketplace = () =>
    made('/api/marketplaces', {
      name: t.unique('m'),
      templateId: 'grid',
      campaignId: pointsCampaign.id,
      productIds: [sold.id],
    });
  const shop = await marketplace();
  const spareShop = await marketplace();
  const pins = multipart({}, 'code\nPIN-0001\n');

  // routes that read `id` and answer `owner`: no body, nothing changed
  const reads = (id: string, owner: number, ...routes: string[]) =>
    Object.fromEntries(routes.map((route) => [route, { id, owner }]));
  const statistics = ['general', 'department', 'age', 'department-sex'];
  return {
    ...reads(member.userId, 200, 'GET /api/users/configuration/:id', 'GET /api/users/:id'),
    'PATCH /api/users/password/:id': {
      id: member.userId,
      body: { newPassword: 'a-long-enough-password' },
      owner: 200,
    },
    'POST /api/users/:id/password-reset': { id: member.userId, owner: 201 },
    'PATCH /api/users/configuration/:id': { id: member.userId, body: { locale: 'es' }, owner: 200 },
    'PATCH /api/users/:id': { id: member.userId, body: { name: 'x' }, owner: 200 },
    'DELETE /api/users/:id': { id: leaver.userId, owner: 204 },
    ...reads(
      campaign.id,
      200,
      'GET /api/forms/:id',
      'GET /api/campaigns/:id',
      'GET /api/campaigns/:id/form',
      'GET /api/campaigns/:id/go-live',
      ...statistics.map((s) => `GET /api/campaigns/:id/statistics/${s}`),
    ),
    'PUT /api/forms/:id': { id: campaign.id, body: FORM, owner: 200 },
    'DELETE /api/forms/:id': { id: (await withForm()).id, owner: 204 },
    'PATCH /api/campaigns/:id': { id: campaign.id, body: { title: 'x' }, owner: 200 },
    'DELETE /api/campaigns/:id': { id: (await draftCampaign()).id, owner: 204 },
    'PATCH /api/campaigns/:id/active-status': { id: campaign.id, body: { active: false }, owner: 200 },
    'POST /api/campaigns/:id/archive': { id: (await draftCampaign()).id, owner: 200 },
    'POST /api/campaigns/:id/restore': { id: archived.id, owner: 200 },
    'PUT /api/campaigns/:id/form': { id: campaign.id, body: FORM, owner: 200 },
    ...reads(
      group.id,
      200,
      'GET /api/campaign-groups/:id',
      ...statistics.map((s) => `GET /api/campaign-groups/:id/statistics/${s}`),
    ),
    'PUT /api/campaign-groups/:id': {
      id: group.id,
      body: { name: 'x', campaignIds: [campaign.id] },
      owner: 200,
    },
    'DELETE /api/campaign-groups/:id': { id: spareGroup.id, owner: 204 },
    'PATCH /api/campaign-rulers/:id': { id: rule.id, body: { params: {} }, owner: 200 },
    'DELETE /api/campaign-rulers/:id': { id: spareRule.id, owner: 204 },
    'DELETE /api/blacklist/:id': { id: blacklisted.id, owner: 204 },
    ...reads(someone.id, 200, 'GET /api/participants/:id/export', 'GET /api/points/people/:id'),
    'DELETE /api/participants/:id': { id: (await person()).id, owner: 204 },
    'GET /api/landing-pages/:id': { id: landing.id, owner: 200 },
    'PUT /api/landing-pages/:id': { id: landing.id, body: { name: 'x' }, owner: 200 },
    'DELETE /api/landing-pages/:id': { id: (await landingOf(campaign.id)).id, owner: 204 },
    'POST /api/landing-pages/:id/publish': { id: landing.id, owner: 200 },
    'GET /api/landing-pages/:id/versions': { id: published.id, owner: 200 },
    'POST /api/landing-pages/:id/rollback': { id: published.id, body: { version: 1 }, owner: 200 },
    'POST /api/landing-pages/:id/duplicate': { id: landing.id, owner: 201 },
    'GET /api/landing-group/:id': { id: landingGroup.id, owner: 200 },
    'PUT /api/landing-group/:id': {
      id: landingGroup.id,
      body: { name: t.unique('lg'), landingIds: [landing.id] },
      owner: 200,
    },
    'DELETE /api/landing-group/:id': { id: spareLandingGroup.id, owner: 204 },
    'POST /api/campaigns/:id/landing-group': { id: campaign.id, body: { name: t.unique('lg') }, owner: 201 },
    'GET /api/redemption-centres/:id': { id: codes.centre.id, owner: 200 },
    'PATCH /api/redemption-centres/:id': { id: codes.centre.id, body: { name: 'x' }, owner: 200 },
    'DELETE /api/redemption-centres/:id': { id: (await createCentre(t, tenant)).id, owner: 204 },
    'GET /api/redemption-centre-groups/:id': { id: centreGroup.id, owner: 200 },
    'PUT /api/redemption-centre-groups/:id': {
      id: centreGroup.id,
      body: { name: 'x', centreIds: [codes.centre.id] },
      owner: 200,
    },
    'DELETE /api/redemption-centre-groups/:id': { id: spareCentreGroup.id, owner: 204 },
    'GET /api/jobs/:id': { id: job?.id as string, owner: 200 },
    'POST /api/redemptions/:id/reverse': { id: redemption.id, body: { reason: 'x' }, owner: 200 },
    ...reads(
      awards.id,
      200,
      'GET /api/instant-awards/:id/prizes',
      'GET /api/instant-awards/:id/moments',
      'GET /api/instant-awards/:id/awards',
    ),
    'POST /api/instant-awards/:id/prizes': {
      id: awards.id,
      body: { name: 'x', value: 1, stock: 1 },
      owner: 201,
    },
    'PATCH /api/instant-award-prizes/:id': { id: prize.id, body: { name: 'x' }, owner: 200 },
    'DELETE /api/instant-award-prizes/:id': { id: sparePrize.id, owner: 204 },
    'PUT /api/instant-awards/:id/moments': { id: toSeal.id, body: { generate: true }, owner: 200 },
    ...reads(
      raffle.id,
      200,
      'GET /api/raffle/select-winner/:id',
      'GET /api/raffle/select-winners/:id',
      'GET /api/raffle/winners/:id',
      'GET /api/raffle/campaigns/:id/entries',
      'GET /api/raffle/campaigns/:id/entries/export',
      'GET /api/raffle/campaigns/:id/draws',
    ),
    ...reads(
      draw.drawId,
      200,
      'GET /api/raffle/draws/:id',
      'GET /api/raffle/draws/:id/certificate',
      'GET /api/raffle/draws/:id/entries',
    ),
    'POST /api/raffle/draws/:id/redraw': { id: draw.drawId, body: { position: 1, reason: 'x' }, owner: 201 },
    'GET /api/raffle/campaigns/:id/commitments': { id: committed.id, owner: 200 },
    'POST /api/raffle/campaigns/:id/commitments': {
      id: toCommit.id,
      body: { kind: 'server_secret' },
      owner: 201,
    },
    'POST /api/raffle/commitments/:id/draw': { id: commitment.id, body: { value: '12-34-56' }, owner: 201 },
    'DELETE /api/images/:id': { id: image.id, owner: 204 },
    ...reads(batch.id, 200, 'GET /api/redeem-code-batches/:id', 'GET /api/redeem-code-batches/:id/codes'),
    'GET /api/products/:id': { id: sold.id, owner: 200 },
    'PATCH /api/products/:id': { id: sold.id, body: { name: 'x' }, owner: 200 },
    'DELETE /api/products/:id': { id: spareProduct.id, owner: 204 },
    'POST /api/products/:id/codes': { id: digital.id, body: pins.payload, headers: pins.headers, owner: 200 },
    ...reads(shop.id, 200, 'GET /api/marketplaces/:id', 'GET /api/marketplaces/:id/preview'),
    'PATCH /api/marketplaces/:id': { id: shop.id, body: { name: 'x' }, owner: 200 },
    'DELETE /api/marketplaces/:id': { id: spareShop.id, owner: 204 },
  };
}
