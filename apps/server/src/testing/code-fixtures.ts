import { createActiveCampaign, createCentre } from './campaign-fixtures.ts';
import type { Session, TestApp, TestTenant } from './test-app.ts';

/**
 * A reward-code campaign with `count` generated codes, redeemable at one centre, and an operator
 * of that centre, signed in.
 */
export async function rewardCodeSetup(
  t: TestApp,
  tenant: TestTenant,
  count = 5,
  overrides: Record<string, unknown> = {},
) {
  const centre = await createCentre(t, tenant);
  const campaign = await createActiveCampaign(t, tenant, {
    kind: 'reward_code',
    settings: { centreIds: [centre.id] },
    ...overrides,
  });
  if (count > 0) await generateCodes(t, tenant, campaign.id, count);
  const operator: Session = await t.createUser(tenant, 'OPERATOR', { centreId: centre.id });
  return { centre, campaign, operator };
}

/** `count` codes generated for the campaign by the tenant's admin (a small count: answered at once). */
export async function generateCodes(t: TestApp, tenant: TestTenant, campaignId: string, count: number) {
  const generated = await t.request({
    method: 'POST',
    url: '/api/reward-codes',
    token: tenant.admin.token,
    body: { campaignId, count },
  });
  if (generated.status !== 201) throw new Error(`codes: ${generated.text}`);
}

export function redeem(t: TestApp, operator: Session, code: string, headers?: Record<string, string>) {
  return t.request({
    method: 'POST',
    url: '/api/redeem-codes',
    token: operator.token,
    body: { code },
    ...(headers ? { headers } : {}),
  });
}
