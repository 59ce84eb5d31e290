import { errorStatus, type RedeemRefusal } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import { createCentre, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { redeem, rewardCodeSetup } from '../../testing/code-fixtures.ts';
import { createTestApp, type Session } from '../../testing/test-app.ts';

/**
 * The rule "can this code be redeemed now, at this centre" has one home, the SQL function
 * `reward_code_refusal`: the counter's look-up asks it before the operator presses "Canjear", the
 * redemption asks it in the statement that redeems. One table of cases drives both through their
 * routes, and each case asserts that what the counter shows (`redeemableHere`, `redeemRefusal`) is
 * what the redemption then answers.
 */
const t = await createTestApp();
const tenant = await t.createTenant();
const admin = tenant.admin.token;

const NOW = t.clock.now().getTime();
const at = (ms: number) => new Date(NOW + ms).toISOString();
const DAY = 86_400_000;

/** An operator at their desk, the code they are about to redeem and its holder's identity number. */
type Desk = { operator: Session; code: string; cedula?: string; campaignId: string };

/**
 * A reward-code campaign allowing the operator's centre (`campaign` overrides its fields), with a
 * code given to a participant; `available` takes a generated code no one holds instead.
 */
async function desk(campaign: Record<string, unknown> = {}, options: { available?: boolean } = {}) {
  const { campaign: created, operator } = await rewardCodeSetup(t, tenant, 1, campaign);
  if (options.available) {
    const [row] = await t.db.ownerQuery<{ code: string }>(
      'select code from reward_codes where tenant_id = $1 and campaign_id = $2',
      [tenant.id, created.id],
    );
    return { operator, campaignId: created.id, code: row?.code as string };
  }
  const answers = validAnswers();
  const entered = await participate(t, tenant, created.name, answers);
  if (entered.status !== 201) throw new Error(`participation: ${entered.text}`);
  return {
    operator,
    campaignId: created.id,
    code: entered.body.outcome.code as string,
    cedula: answers.cedula,
  };
}

/** What happens to a desk's code, its campaign or its operator before the counter looks. */
type Step = (d: Desk) => Promise<Desk>;

/** `step` done through the admin's route `url`, which must answer 200. */
const byAdmin =
  (url: (d: Desk) => string, body?: (d: Desk) => unknown): Step =>
  async (d) => {
    const res = await t.request({ method: 'POST', url: url(d), token: admin, body: body?.(d) });
    if (res.status !== 200) throw new Error(`${url(d)}: ${res.text}`);
    return d;
  };
const revoked = byAdmin(
  () => '/api/reward-codes/disable',
  (d) => ({ code: d.code }),
);
const archived = byAdmin((d) => `/api/campaigns/${d.campaignId}/archive`);
const redeemedHere: Step = async (d) => {
  const res = await redeem(t, d.operator, d.code);
  if (res.status !== 200) throw new Error(`first redemption: ${res.text}`);
  return d;
};
const newCentre = async () => (await createCentre(t, tenant)).id;
const atCentre = async (d: Desk, centreId: string) => ({
  ...d,
  operator: await t.createUser(tenant, 'OPERATOR', { centreId }),
});
/** The counter moves to a new centre, which the campaign does not list. */
const elsewhere: Step = async (d) => atCentre(d, await newCentre());

/**
 * Binds the code to a centre, as the marketplace binds a pickup voucher to the shop chosen
 * (`redeem_product_for_points` writes `reward_codes.centre_id`): no route does it alone.
 */
async function bindTo(d: Desk, centreId: string): Promise<Desk> {
  await t.db.ownerQuery('update reward_codes set centre_id = $1 where tenant_id = $2 and code = $3', [
    centreId,
    tenant.id,
    d.code,
  ]);
  return d;
}

const windowFrom = (ms: number) => ({ redeemFrom: at(ms) });
const windowUntil = (ms: number) => ({ redeemUntil: at(ms) });

/** A desk of `campaign`, then `steps` in order. */
const arranged =
  (campaign: Record<string, unknown> = {}, ...steps: Step[]) =>
  async () => {
    let d = await desk(campaign);
    for (const step of steps) d = await step(d);
    return d;
  };

const OUTSIDE = 'CODE_OUTSIDE_REDEMPTION_WINDOW';
const cases: { name: string; refusal: RedeemRefusal | null; arrange: () => Promise<Desk> }[] = [
  { name: 'an assigned code at a centre of its campaign, no window', refusal: null, arrange: arranged() },
  {
    name: 'an available code (generated, held by no one)',
    refusal: null,
    arrange: () => desk({}, { available: true }),
  },
  {
    name: 'inside the window',
    refusal: null,
    arrange: arranged({ ...windowFrom(-DAY), ...windowUntil(DAY) }),
  },
  { name: 'the window opens at this instant', refusal: null, arrange: arranged(windowFrom(0)) },
  { name: 'the window closes at this instant', refusal: OUTSIDE, arrange: arranged(windowUntil(0)) },
  { name: 'before the window', refusal: OUTSIDE, arrange: arranged(windowFrom(DAY)) },
  {
    name: 'after the window',
    refusal: OUTSIDE,
    arrange: arranged({ ...windowFrom(-2 * DAY), ...windowUntil(-DAY) }),
  },
  { name: 'revoked', refusal: 'CODE_REVOKED', arrange: arranged({}, revoked) },
  { name: 'redeemed already', refusal: 'CODE_ALREADY_REDEEMED', arrange: arranged({}, redeemedHere) },
  { name: 'its campaign archived', refusal: 'CAMPAIGN_NOT_ACTIVE', arrange: arranged({}, archived) },
  {
    name: 'at a centre its campaign does not list',
    refusal: 'CENTRE_NOT_ALLOWED',
    arrange: arranged({}, elsewhere),
  },
  {
    name: 'at a centre of one of its campaign’s groups',
    refusal: null,
    arrange: async () => {
      const centre = await newCentre();
      const group = await t.request({
        method: 'POST',
        url: '/api/redemption-centre-groups',
        token: admin,
        body: { name: t.unique('Zona'), centreIds: [centre] },
      });
      return atCentre(await desk({ settings: { centreGroupIds: [group.body.id] } }), centre);
    },
  },
  {
    name: 'bound to another centre, at a centre its campaign lists',
    refusal: 'CENTRE_NOT_ALLOWED',
    arrange: arranged({}, async (d) => bindTo(d, await newCentre())),
  },
  {
    name: 'bound to the operator’s centre, which its campaign does not list',
    refusal: null,
    arrange: arranged({}, async (d) => {
      const centre = await newCentre();
      return atCentre(await bindTo(d, centre), centre);
    }),
  },
  // several reasons at once: the first in the rule's order is the one both name
  {
    name: 'revoked, in an archived campaign, after its window',
    refusal: 'CODE_REVOKED',
    arrange: arranged(windowUntil(-DAY), revoked, archived),
  },
  {
    name: 'redeemed, then its campaign archived, seen from another centre',
    refusal: 'CODE_ALREADY_REDEEMED',
    arrange: arranged({}, redeemedHere, archived, elsewhere),
  },
  {
    name: 'an archived campaign after its window',
    refusal: 'CAMPAIGN_NOT_ACTIVE',
    arrange: arranged(windowUntil(-DAY), archived),
  },
  {
    name: 'before its window, at a centre its campaign does not list',
    refusal: OUTSIDE,
    arrange: arranged(windowFrom(DAY), elsewhere),
  },
];

describe('the redeem rule: what the counter shows is what the redemption answers', () => {
  for (const { name, refusal, arrange } of cases)
    it(`${name}: ${refusal ?? 'redeemed'}`, async () => {
      const { operator, code, cedula } = await arrange();
      const shown = (res: { body: { redeemableHere?: unknown; redeemRefusal?: unknown } }) => ({
        redeemableHere: res.body.redeemableHere,
        redeemRefusal: res.body.redeemRefusal,
      });
      const byCode = await t.request({ url: `/api/reward-codes/get-by-code/${code}`, token: operator.token });
      expect(byCode.status, byCode.text).toBe(200);
      expect(shown(byCode)).toEqual({ redeemableHere: refusal === null, redeemRefusal: refusal });
      if (cedula) {
        const byCedula = await t.request({
          url: `/api/reward-codes/get-by-cedula/${cedula}`,
          token: operator.token,
        });
        expect(byCedula.body.map((c: { code: string }) => c.code)).toEqual([code]);
        expect(shown({ body: byCedula.body[0] })).toEqual(shown(byCode));
      }

      const redeemed = await redeem(t, operator, code);
      // the redemption answers the refusal the counter showed, or redeems what it showed redeemable
      expect([redeemed.status, redeemed.body.error?.code ?? null], redeemed.text).toEqual([
        refusal === null ? 200 : errorStatus(refusal),
        byCode.body.redeemRefusal,
      ]);
      if (refusal === null) expect(redeemed.body.redemption.code).toBe(code);
    });
});
