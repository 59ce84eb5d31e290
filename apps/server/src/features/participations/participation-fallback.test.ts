import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { generateCodes } from '../../testing/code-fixtures.ts';
import {
  addRule,
  addToBlacklist,
  pathApp,
  refusalOf,
  withKey,
  writtenFor,
} from '../../testing/participation-paths.ts';
import type { TestTenant } from '../../testing/test-app.ts';

/**
 * A participation whose campaign changed between its cached read and its one call (an admin
 * editing the campaign during a spike) is retried on a fresh read three times, then written
 * statement by statement (decision 027). That fallback must answer as the plain path does.
 */
const t = await pathApp('one call');

/** An admin's save writes the campaign's row, so its version (`campaign_version`) changes. */
const save = (campaignId: string) =>
  t.db.ownerQuery('update campaigns set updated_at = clock_timestamp() where id = $1', [campaignId]);

/**
 * `request` with the campaign edited just before each of its one calls, so that each is stale:
 * `edit` (given the attempt, from 1) does it, an admin's save by default. Answers the request's
 * answer and how many one calls it made.
 */
async function whileEdited<T>(
  campaignId: string,
  request: () => Promise<T>,
  edit: (attempt: number) => Promise<unknown> = () => save(campaignId),
) {
  const before = t.oneCalls();
  let attempt = 0;
  t.beforeOneCall = async (id) => {
    if (id === campaignId) await edit(++attempt);
  };
  try {
    const answer = await request();
    return { answer, oneCalls: t.oneCalls() - before };
  } finally {
    t.beforeOneCall = null;
  }
}

/** One call, then three after fresh reads, all stale. */
const STALE_CALLS = 4;

/** What a campaign's participations wrote, the kind's work included. */
async function workIn(tenantId: string, campaignId: string) {
  const [row] = await t.db.ownerQuery(
    `select (select count(*)::int from participations where tenant_id = $1 and campaign_id = $2) as participations,
            (select coalesce(sum(points), 0)::int from raffle_entries where tenant_id = $1 and campaign_id = $2) as entries,
            (select count(*)::int from reward_codes where tenant_id = $1 and campaign_id = $2 and status = 'assigned') as codes,
            (select count(*)::int from instant_award_moments where tenant_id = $1 and campaign_id = $2
              and participation_id is not null) as moments,
            (select coalesce(sum(balance), 0)::int from points_accounts where tenant_id = $1 and campaign_id = $2) as balance,
            (select array_agg(idempotency_key) from points_ledger where tenant_id = $1 and campaign_id = $2) as ledger_keys`,
    [tenantId, campaignId],
  );
  return row;
}

/** The participation as stored, without what differs between two of them (ids, a code). */
async function storedParticipation(tenantId: string, id: string) {
  const [row] = await t.db.ownerQuery<Record<string, unknown>>(
    `select answers, landing_id, device_class, department, local_day::text as local_day, consent_at, outcome
       from participations where tenant_id = $1 and id = $2`,
    [tenantId, id],
  );
  return row && { ...row, outcome: withoutCode(row.outcome) };
}

function withoutCode(outcome: unknown) {
  const o = outcome as Record<string, unknown>;
  return 'code' in o ? { ...o, code: typeof o.code, ...('qrSvg' in o ? { qrSvg: typeof o.qrSvg } : {}) } : o;
}

const KINDS = [
  { kind: 'raffle' },
  { kind: 'reward_code' },
  { kind: 'instant_award' },
  { kind: 'points', settings: { pointsPerParticipation: 5, pointsExpiryDays: 30 } },
];

async function campaignOf(tenant: TestTenant, setup: (typeof KINDS)[number]) {
  const campaign = await createActiveCampaign(t, tenant, setup);
  if (setup.kind === 'reward_code') await generateCodes(t, tenant, campaign.id, 2);
  return campaign;
}

describe('the fallback after stale one calls', () => {
  it.each(KINDS)('a $kind participation is answered and stored as on the plain path', async (setup) => {
    const tenant = await t.createTenant();
    const plain = await campaignOf(tenant, setup);
    const edited = await campaignOf(tenant, setup);
    const answers = validAnswers();
    const keys = [t.unique('k'), t.unique('k')] as const;

    const before = t.oneCalls();
    const first = await participate(t, tenant, plain.name, answers, withKey(keys[0]));
    expect(first.status, first.text).toBe(201);
    expect(t.oneCalls() - before).toBe(1);
    const { answer: second, oneCalls } = await whileEdited(edited.id, () =>
      participate(t, tenant, edited.name, answers, withKey(keys[1])),
    );
    expect(oneCalls).toBe(STALE_CALLS);
    expect(second.status, second.text).toBe(201);
    expect(withoutCode(second.body.outcome)).toEqual(withoutCode(first.body.outcome));
    if (setup.kind === 'reward_code') expect(second.body.outcome.code).not.toBe(first.body.outcome.code);

    expect(await storedParticipation(tenant.id, second.body.participationId)).toEqual(
      await storedParticipation(tenant.id, first.body.participationId),
    );
    // the same work in each campaign; a points credit under its participation's key
    const ledgerKeys = (key: string) => (setup.kind === 'points' ? [`participation:${key}`] : null);
    const work = await workIn(tenant.id, plain.id);
    expect(work).toMatchObject({ participations: 1, ledger_keys: ledgerKeys(keys[0]) });
    expect(await workIn(tenant.id, edited.id)).toEqual({ ...work, ledger_keys: ledgerKeys(keys[1]) });

    // the fallback kept its answer under the key, as the one call does
    const replayed = await participate(t, tenant, edited.name, answers, withKey(keys[1]));
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual(second.body);
  });

  it('a refusal is answered as on the plain path, and writes nothing', async () => {
    const tenant = await t.createTenant();
    await addToBlacklist(t, tenant, { kind: 'email', value: 'trampa@example.com' });
    const strict = async () => {
      const campaign = await createActiveCampaign(t, tenant, { settings: { contactMismatch: 'refuse' } });
      await addRule(t, tenant, { campaignId: campaign.id, kind: 'max_per_identity', params: { total: 1 } });
      await addRule(t, tenant, {
        campaignId: campaign.id,
        kind: 'departments',
        params: { allowed: ['San José'] },
      });
      return campaign;
    };
    const plain = await strict();
    const edited = await strict();
    const person = validAnswers();
    for (const campaign of [plain, edited])
      expect((await participate(t, tenant, campaign.name, person)).status).toBe(201);

    const refused = [
      person,
      validAnswers({ department: 'Cartago' }),
      validAnswers({ email: 'trampa@example.com' }),
      { ...person, phone: '60001111' },
    ];
    const codes: unknown[] = [];
    for (const answers of refused) {
      const expected = refusalOf(await participate(t, tenant, plain.name, answers));
      codes.push(expected.code);
      const before = await writtenFor(t, tenant.id);
      const { answer, oneCalls } = await whileEdited(edited.id, () =>
        participate(t, tenant, edited.name, answers, withKey(t.unique('k'))),
      );
      expect(oneCalls).toBe(STALE_CALLS);
      expect(refusalOf(answer), expected.code).toEqual(expected);
      expect(await writtenFor(t, tenant.id)).toEqual(before);
    }
    expect(codes).toEqual([
      'PARTICIPATION_LIMIT',
      'DEPARTMENT_NOT_ALLOWED',
      'PARTICIPATION_NOT_ACCEPTED',
      'CONTACT_MISMATCH',
    ]);
  });

  it('a campaign closed, or a rule added, by the last edit is seen by the steps path', async () => {
    const tenant = await t.createTenant();
    const closing = await createActiveCampaign(t, tenant);
    const close = (attempt: number) =>
      attempt < STALE_CALLS
        ? save(closing.id)
        : t.db.ownerQuery('update campaigns set active = false where id = $1', [closing.id]);
    const before = await writtenFor(t, tenant.id);
    const closed = await whileEdited(
      closing.id,
      () => participate(t, tenant, closing.name, validAnswers()),
      close,
    );
    expect(closed.oneCalls).toBe(STALE_CALLS);
    expect(refusalOf(closed.answer)).toEqual({ status: 422, code: 'CAMPAIGN_NOT_ACTIVE', fields: [] });
    expect(await writtenFor(t, tenant.id)).toEqual(before);

    const aging = await createActiveCampaign(t, tenant);
    const twenty = validAnswers({ birthdate: '2006-01-01' });
    const raise = (attempt: number) =>
      attempt < STALE_CALLS
        ? save(aging.id)
        : t.db.ownerQuery(
            `insert into campaign_rules (tenant_id, campaign_id, kind, params)
             values ($1, $2, 'min_age', '{"years": 21}')`,
            [tenant.id, aging.id],
          );
    const underage = await whileEdited(aging.id, () => participate(t, tenant, aging.name, twenty), raise);
    expect(underage.oneCalls).toBe(STALE_CALLS);
    expect(refusalOf(underage.answer)).toEqual({
      status: 422,
      code: 'UNDERAGE',
      fields: ['answers.birthdate'],
    });
    // the plain path now refuses the same request alike
    expect(refusalOf(await participate(t, tenant, aging.name, twenty))).toEqual(refusalOf(underage.answer));
  });
});
