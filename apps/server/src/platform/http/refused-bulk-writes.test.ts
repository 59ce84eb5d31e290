import {
  createActiveCampaign,
  createCentre,
  nextCedula,
  participate,
  validAnswers,
} from '../../testing/campaign-fixtures.ts';
import { rewardCodeSetup } from '../../testing/code-fixtures.ts';
import { marketSetup } from '../../testing/market-fixtures.ts';
import {
  type Answer,
  type RefusalCase,
  requestsOf,
  type Send,
  UNKNOWN_ID,
  walkRefusals,
} from '../../testing/refused-writes.ts';
import { createTestApp, type TestTenant } from '../../testing/test-app.ts';

/**
 * Every JSON route that writes several rows, refused, leaves every table as it was (issue #44;
 * testing/refused-writes.ts). The CSV uploads: platform/uploads/refused-uploads.test.ts.
 */
const t = await createTestApp();
const { json, ok } = requestsOf(t);

/** A request already on its way, as a Send. */
const send =
  (answer: Promise<Answer>): Send =>
  () =>
    answer;

/** A VALIDATION_FAILED refusal naming `detail` (`path: code`). */
const invalid = (detail: string) => ({ status: 400, code: 'VALIDATION_FAILED', detail }) as const;

/** A group route's two writes (create, replace), each refused for a last member not the tenant's. */
function groupCases(
  url: string,
  members: 'campaignIds' | 'centreIds',
  member: (tenant: TestTenant) => Promise<{ id: string }>,
): Record<string, RefusalCase> {
  const refusal = invalid(`${members}: FIELD_INVALID`);
  return {
    [`POST ${url} (the last member is not the tenant’s)`]: {
      refused: async (tenant) =>
        json(tenant, 'POST', url, { name: 'Grupo', [members]: [(await member(tenant)).id, UNKNOWN_ID] }),
      ...refusal,
    },
    [`PUT ${url}/{id} (the last member is not the tenant’s)`]: {
      refused: async (tenant) => {
        const group = await ok(
          json(tenant, 'POST', url, { name: 'Grupo', [members]: [(await member(tenant)).id] }),
        );
        const replaced = { name: 'Grupo nuevo', [members]: [(await member(tenant)).id, UNKNOWN_ID] };
        return json(tenant, 'PUT', `${url}/${group.id}`, replaced);
      },
      ...refusal,
    },
  };
}

const CASES: Record<string, RefusalCase> = {
  'POST /api/reward-codes (given codes, the last one exists)': {
    refused: async (tenant) => {
      const { campaign } = await rewardCodeSetup(t, tenant, 0);
      await ok(json(tenant, 'POST', '/api/reward-codes', { campaignId: campaign.id, codes: ['EXISTE0001'] }));
      return json(tenant, 'POST', '/api/reward-codes', {
        campaignId: campaign.id,
        codes: ['NUEVO0001', 'NUEVO0002', 'EXISTE0001'],
      });
    },
    ...invalid('codes.2: CODE_EXISTS'),
  },
  'POST /api/reward-codes (given codes, the last one malformed)': {
    refused: async (tenant) => {
      const { campaign } = await rewardCodeSetup(t, tenant, 0);
      return json(tenant, 'POST', '/api/reward-codes', {
        campaignId: campaign.id,
        codes: ['NUEVO0001', 'no!'],
      });
    },
    ...invalid('codes.1: FIELD_INVALID'),
  },
  'POST /api/reward-codes (generated, for a campaign of another kind)': {
    refused: async (tenant) => {
      const campaign = await createActiveCampaign(t, tenant);
      return json(tenant, 'POST', '/api/reward-codes', { campaignId: campaign.id, count: 5 });
    },
    ...invalid('campaignId: CAMPAIGN_KIND_MISMATCH'),
  },
  'POST /api/raffle-codes (given codes, the last one malformed)': {
    refused: async (tenant) => {
      const campaign = await createActiveCampaign(t, tenant);
      return json(tenant, 'POST', '/api/raffle-codes', { campaignId: campaign.id, codes: ['RF-UNO', 'no!'] });
    },
    ...invalid('codes.1: FIELD_INVALID'),
  },
  'POST /api/reward-codes/revoke (none of the listed codes can be revoked)': {
    refused: async (tenant) => {
      const { campaign } = await rewardCodeSetup(t, tenant, 3);
      return json(tenant, 'POST', '/api/reward-codes/revoke', {
        campaignId: campaign.id,
        codes: ['NOEXISTE01'],
      });
    },
    status: 409,
    code: 'CODE_NOT_REVOKED',
    detail: 'codes: CODE_NOT_REVOKED',
  },
  'POST /api/redeem-code-batches (a product that is not the tenant’s)': {
    refused: async (tenant) => {
      const campaign = await createActiveCampaign(t, tenant, { kind: 'points' });
      return json(tenant, 'POST', '/api/redeem-code-batches', {
        campaignId: campaign.id,
        count: 5,
        productId: UNKNOWN_ID,
      });
    },
    ...invalid('productId: FIELD_INVALID'),
  },
  'POST /api/product-lots (the last lot exceeds the stock)': {
    refused: async (tenant) => {
      const shop = await createCentre(t, tenant);
      const product = await ok(
        json(tenant, 'POST', '/api/products', { name: 'Gorra', kind: 'physical', pricePoints: 5, stock: 10 }),
      );
      return json(tenant, 'POST', '/api/product-lots', {
        lots: [
          { productId: product.id, shops: [{ centreId: shop.id, amount: 6 }] },
          { productId: product.id, shops: [{ centreId: shop.id, amount: 5 }] },
        ],
      });
    },
    ...invalid('lots.1.shops: LOT_EXCEEDS_STOCK'),
  },
  'PUT /api/instant-awards/{id}/moments (the last moment names no prize)': {
    refused: async (tenant) => {
      const campaign = await createActiveCampaign(t, tenant, {
        kind: 'instant_award',
        startsAt: '2027-01-01T00:00:00Z',
        endsAt: '2027-02-01T00:00:00Z',
      });
      const prize = await ok(
        json(tenant, 'POST', `/api/instant-awards/${campaign.id}/prizes`, {
          name: 'Radio',
          value: 10,
          stock: 2,
        }),
      );
      return json(tenant, 'PUT', `/api/instant-awards/${campaign.id}/moments`, {
        moments: [
          { at: '2027-01-02T00:00:00Z', prizeId: prize.id },
          { at: '2027-01-03T00:00:00Z', prizeId: UNKNOWN_ID },
        ],
      });
    },
    ...invalid('moments.1: MOMENT_INVALID'),
  },
  'POST /api/points/adjustments (below zero)': {
    refused: async (tenant) => {
      const campaign = await createActiveCampaign(t, tenant, { kind: 'points' });
      const cedula = nextCedula();
      await ok(json(tenant, 'POST', '/api/crm/create-user', { countryCode: 'CR', cedula }));
      await ok(
        json(tenant, 'POST', '/api/points/adjustments', {
          campaignId: campaign.id,
          cedula,
          amount: 5,
          reason: 'bono',
        }),
      );
      return json(tenant, 'POST', '/api/points/adjustments', {
        campaignId: campaign.id,
        cedula,
        amount: -6,
        reason: 'corrección',
      });
    },
    status: 422,
    code: 'POINTS_INSUFFICIENT',
    detail: 'amount: POINTS_INSUFFICIENT',
  },
  ...groupCases('/api/campaign-groups', 'campaignIds', (tenant) => createActiveCampaign(t, tenant)),
  ...groupCases('/api/redemption-centre-groups', 'centreIds', (tenant) => createCentre(t, tenant)),
  'POST /api/marketplaces (the last product is not the tenant’s)': {
    refused: async (tenant) => {
      const m = await marketSetup(t, tenant);
      return json(tenant, 'POST', '/api/marketplaces', {
        name: 'Otra tienda',
        templateId: 'tienda-dos',
        campaignId: m.campaign.id,
        productIds: [m.physical.id, UNKNOWN_ID],
      });
    },
    ...invalid('productIds.1: FIELD_INVALID'),
  },
  'POST /api/forms/raffle (the last code is not valid: no person, entry or code is kept)': {
    refused: async (tenant) => {
      const campaign = await createActiveCampaign(t, tenant);
      await ok(json(tenant, 'POST', '/api/raffle-codes', { campaignId: campaign.id, codes: ['RF-VALIDO'] }));
      return () =>
        t.request({
          method: 'POST',
          url: '/api/forms/raffle',
          body: {
            tenant: tenant.slug,
            campaign: campaign.name,
            answers: validAnswers(),
            consent: true,
            codes: ['RF-VALIDO', 'RF-INVENTADO'],
          },
        });
    },
    ...invalid('codes.1: INVALID_PRIZE_CODE'),
  },
  'POST /api/raffle/commitments/{id}/draw (drawn already)': {
    refused: async (tenant) => {
      const campaign = await createActiveCampaign(t, tenant);
      for (let i = 0; i < 3; i += 1) await ok(send(participate(t, tenant, campaign.name, validAnswers())));
      const committed = await ok(
        json(tenant, 'POST', `/api/raffle/campaigns/${campaign.id}/commitments`, { kind: 'server_secret' }),
      );
      const draw = json(tenant, 'POST', `/api/raffle/commitments/${committed.id}/draw`, {});
      await ok(draw);
      return draw;
    },
    status: 409,
    code: 'RAFFLE_COMMITMENT_USED',
    detail: null,
  },
  'POST /api/tenants (a country that does not exist, with its first admin)': {
    refused: async () => () =>
      t.request({
        method: 'POST',
        url: '/api/tenants',
        token: t.superadmin.token,
        body: {
          slug: t.unique('r'),
          name: 'Marca',
          countryCode: 'ZZ',
          admin: { username: 'jefa', password: 'una-clave-larga' },
        },
      }),
    ...invalid('countryCode: FIELD_INVALID'),
  },
  'DELETE /api/tenants/{id} (an active tenant)': {
    refused: async (tenant) => () =>
      t.request({ method: 'DELETE', url: `/api/tenants/${tenant.id}`, token: t.superadmin.token }),
    status: 409,
    code: 'TENANT_NOT_SUSPENDED',
    detail: null,
  },
};

walkRefusals(t, CASES);
