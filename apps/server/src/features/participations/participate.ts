import { randomUUID } from 'node:crypto';
import {
  answersAsStored,
  answersIssues,
  type FormField,
  normaliseBlacklistValue,
  type ParticipationOutcome,
  type ParticipationRequest,
  type ParticipationResponse,
} from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent, requestHash } from '../../platform/idempotency.ts';
import { localTime } from '../../platform/local-time.ts';
import {
  type CampaignRow,
  type CampaignRule,
  campaignState,
  findCampaignWithRules,
  formFieldsOf,
} from '../campaigns/index.ts';
import { findCountryCached } from '../countries/index.ts';
import { findTenantBySlugCached } from '../tenants/index.ts';
import { deviceClass } from './device-class.ts';
import type { OneCallWork, ParticipationKinds } from './participation-kinds.ts';
import {
  type GateValues,
  insertParticipation,
  type PersonFields,
  participateInOneCall,
  participationGate,
  refusalIn,
  type SqlRefusal,
} from './participations.repository.ts';
import { minimumAge, type RuleCheck, ruleChecks } from './rules.ts';

export type ParticipationMeta = {
  userAgent: string | undefined;
  idempotencyKey: string | undefined;
  /** Codes sent with the participation (the raffle form's): handed to the campaign kind. */
  codes?: string[];
};

/** The tenant of a public URL: unknown is not found, suspended says so. */
export async function publicTenant(ctx: Ctx, slug: string) {
  const tenant = await findTenantBySlugCached(ctx, slug);
  if (!tenant) throw new AppError('NOT_FOUND');
  if (tenant.status === 'suspended') throw new AppError('TENANT_SUSPENDED');
  return tenant;
}

/** Whether people can take part now: active, not archived, inside the participation window. */
export function isOpen(campaign: CampaignRow, now: Date): boolean {
  return campaignState(campaign) === 'active' && campaign.startsAt <= now && now < campaign.endsAt;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

type Refusal = { refused: AppError };
type Found = { campaign: CampaignRow; rules: CampaignRule[]; version: string };
type Result = { status: number; body: ParticipationResponse; replayed: boolean };
type Form = Awaited<ReturnType<typeof checkForm>>;

/** The campaign and its rules by public name, kept one second per process (decision 027). */
const campaignsByName = (ctx: Ctx) => ctx.cache.named<Found | undefined>('participation-campaigns', 1_000);

function readCampaign(ctx: Ctx, tenantId: string, name: string, fresh: boolean): Promise<Found | undefined> {
  const key = `${tenantId}:${name}`;
  if (fresh) campaignsByName(ctx).delete(key);
  return campaignsByName(ctx).get(key, () =>
    ctx.db.tx({ tenantId }, (tx) => findCampaignWithRules(tx, tenantId, name)),
  );
}

/** How many times a campaign that changed under a participation is read again before the slow path. */
const STALE_RETRIES = 3;

/**
 * A person takes part in a campaign through its public form. In one transaction: the campaign
 * is open, the answers are valid for the campaign's country, the person is not blacklisted, the
 * rules allow it (checked with the person's row locked), the participation is stored and the
 * campaign's kind acts on it (through `kinds`). An Idempotency-Key makes a retried submission
 * count once.
 *
 * When the kind's work can be done in SQL (its `inOneCall`: a raffle registration without codes, a
 * reward code, an instant award's try, a points credit; a kind with no work: the participation alone), the
 * transaction is one call (`participate_in_one_call`, decision
 * 027) on the campaign read from a one-second cache, which the call checks is still current; a
 * refusal decided on the cached campaign is confirmed on a fresh read. Other kinds take the
 * transaction statement by statement.
 */
export async function participate(
  ctx: Ctx,
  kinds: ParticipationKinds,
  tenantSlug: string,
  campaignName: string,
  input: ParticipationRequest,
  meta: ParticipationMeta,
): Promise<Result> {
  const tenant = await publicTenant(ctx, tenantSlug);
  const now = ctx.clock.now();
  for (let attempt = 0; attempt <= STALE_RETRIES; attempt++) {
    const fresh = attempt > 0;
    const found = await readCampaign(ctx, tenant.id, campaignName, fresh);
    let form: Form;
    try {
      form = await checkForm(ctx, found, input, now);
    } catch (error) {
      if (fresh || !(error instanceof AppError)) throw error;
      continue;
    }
    const kind = kinds[form.campaign.kind];
    const work: OneCallWork | { work: 'none' } | null = kind
      ? (kind.inOneCall?.({ campaign: form.campaign, rules: form.rules, codes: meta.codes ?? [], now }) ??
        null)
      : { work: 'none' };
    if (!work) break;
    const result = await participateOnce(ctx, tenant.id, form, input, meta, now, work);
    if (result !== 'stale') return result;
  }
  return participateInSteps(ctx, kinds, tenant.id, campaignName, input, meta, now);
}

/**
 * What a participation checks before the database is asked: the campaign is open and has a form,
 * the answers are valid for its country (age included); the person's fields and local time.
 */
async function checkForm(
  ctx: Ctx,
  found: Found | undefined,
  input: ParticipationRequest,
  now: Date,
  tx?: Tx,
) {
  if (!found) throw new AppError('NOT_FOUND');
  const { campaign, rules } = found;
  const fields = formFieldsOf(campaign);
  if (!fields || !isOpen(campaign, now)) throw new AppError('CAMPAIGN_NOT_ACTIVE');
  const country = await findCountryCached(ctx, campaign.countryCode, tx);
  if (!country) throw new AppError('INTERNAL_ERROR');
  const local = localTime(now, country.timeZone);

  const answers = answersAsStored(fields, input.answers);
  const issues = answersIssues(fields, answers, {
    phoneDigits: country.phoneDigits,
    identity: country.identity,
    departments: country.departments,
    today: local.day,
    minAge: minimumAge(rules),
  });
  const underage = issues.find((i) => i.code === 'UNDERAGE');
  if (underage) throw new AppError('UNDERAGE', [underage]);
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', issues);

  const person = personFrom(fields, answers);
  const limits = rules.filter((r) => r.kind === 'max_per_identity');
  return {
    ...found,
    answers,
    local,
    person,
    blacklist: {
      cedula: normaliseBlacklistValue('cedula', person.cedula),
      phone: person.phone ? normaliseBlacklistValue('phone', person.phone) : null,
      email: person.email ? normaliseBlacklistValue('email', person.email) : null,
    },
    // raffles number a person's entries, so they always count the campaign
    countCampaign: campaign.kind === 'raffle' || limits.some((r) => !r.groupId),
    groupId: limits.some((r) => r.groupId) ? campaign.groupId : null,
  };
}

/** What the person's side of the participation is given (`participation_gate`). */
function gateValues(tenantId: string, form: Form, now: Date): GateValues {
  return {
    tenantId,
    campaignId: form.campaign.id,
    person: form.person,
    blacklist: form.blacklist,
    now,
    day: form.local.day,
    countCampaign: form.countCampaign,
    groupId: form.groupId,
  };
}

/** The rules' checks for this participation, compared in SQL by `participation_refusal` on both paths. */
function checksOf(form: Form): RuleCheck[] {
  return ruleChecks(form.rules, {
    department: form.person.department,
    weekday: form.local.weekday,
    minuteOfDay: form.local.minuteOfDay,
  });
}

/** A refusal the SQL raised, on the form's field it concerns (a contact that differs) when it names one. */
function refusedAs(refusal: SqlRefusal, form: Form): AppError {
  const key = refusal.field && formFieldsOf(form.campaign)?.find((f) => f.type === refusal.field)?.key;
  return new AppError(refusal.refused, key ? [{ path: `answers.${key}`, code: refusal.refused }] : []);
}

/** The blacklisted attempt is kept so that the tenant sees it; the person is told nothing more. */
async function refuseBlacklisted(ctx: Ctx, tx: Tx, tenantId: string, campaignId: string, entryId: string) {
  await audit(tx, ctx, {
    tenantId,
    action: 'participation.blacklisted',
    entityType: 'campaign',
    entityId: campaignId,
    details: { blacklistEntryId: entryId },
  });
  ctx.log.warn({ campaignId, blacklistEntryId: entryId }, 'blacklisted participation refused');
  return { refused: new AppError('PARTICIPATION_NOT_ACCEPTED') } satisfies Refusal;
}

/** The participation as one call (migration 0026); 'stale' when the campaign changed meanwhile. */
async function participateOnce(
  ctx: Ctx,
  tenantId: string,
  form: Form,
  input: ParticipationRequest,
  meta: ParticipationMeta,
  now: Date,
  work: OneCallWork | { work: 'none' },
): Promise<Result | 'stale'> {
  const { campaign } = form;
  const participationId = randomUUID();
  const answer = await participateInOneCall(ctx.db, {
    ...gateValues(tenantId, form, now),
    version: form.version,
    checks: checksOf(form),
    idempotencyKey: meta.idempotencyKey ?? null,
    requestHash: requestHash([campaign.id, input, meta.codes ?? []]),
    participationId,
    answers: form.answers,
    landingId: input.landingId ?? null,
    deviceClass: deviceClass(meta.userAgent),
    work,
  });
  if ('refused' in answer) throw refusedAs(answer, form);
  switch (answer.outcome) {
    case 'stale':
      return 'stale';
    case 'blacklisted': {
      const { refused } = await ctx.db.tx({ tenantId }, (tx) =>
        refuseBlacklisted(ctx, tx, tenantId, campaign.id, answer.blacklisted),
      );
      throw refused;
    }
    default:
      return {
        status: answer.status,
        body: answer.body as ParticipationResponse,
        replayed: answer.outcome === 'replayed',
      };
  }
}

/** The participation statement by statement, for the kinds whose work is done in TypeScript. */
async function participateInSteps(
  ctx: Ctx,
  kinds: ParticipationKinds,
  tenantId: string,
  campaignName: string,
  input: ParticipationRequest,
  meta: ParticipationMeta,
  now: Date,
): Promise<Result> {
  const result = await ctx.db.tx({ tenantId }, async (tx) => {
    const found = await findCampaignWithRules(tx, tenantId, campaignName, { keyShare: true });
    const form = await checkForm(ctx, found, input, now, tx);
    const { campaign, rules, local, person } = form;
    const gate = await participationGate(tx, {
      ...gateValues(tenantId, form, now),
      checks: checksOf(form),
    }).catch((error: unknown) => {
      const refusal = refusalIn(error);
      throw refusal ? refusedAs(refusal, form) : error;
    });
    if ('blacklisted' in gate) return refuseBlacklisted(ctx, tx, tenantId, campaign.id, gate.blacklisted);

    const { participantId } = gate;
    return idempotent(
      tx,
      tenantId,
      meta.idempotencyKey,
      requestHash([campaign.id, input, meta.codes ?? []]),
      async () => {
        const participationId = randomUUID();
        // the rules' first refusal, compared in the gate's statement (`participation_refusal`)
        if (gate.refusal) throw new AppError(gate.refusal);
        const handler = kinds[campaign.kind]?.steps;
        const outcome: ParticipationOutcome = handler
          ? await handler(tx, ctx, {
              tenantId,
              campaign,
              participantId,
              participationId,
              rules,
              codes: meta.codes ?? [],
              idempotencyKey: meta.idempotencyKey ?? null,
            })
          : { kind: 'registered' };
        await insertParticipation(tx, {
          id: participationId,
          tenantId,
          campaignId: campaign.id,
          participantId,
          answers: form.answers,
          landingId: input.landingId ?? null,
          deviceClass: deviceClass(meta.userAgent),
          department: person.department,
          localDay: local.day,
          consentAt: now,
          outcome,
        });
        return { status: 201, body: { participationId, outcome } };
      },
    );
  });
  if ('refused' in result) throw result.refused;
  return result;
}

function personFrom(fields: readonly FormField[], answers: Record<string, unknown>): PersonFields {
  const byType = (type: FormField['type']) => fields.find((f) => f.type === type)?.key;
  const value = (key: string | undefined) => (key ? text(answers[key]) : null);
  const sex = value(byType('sex'));
  return {
    cedula: value(byType('cedula')) as string,
    name: value('name'),
    email: value(byType('email')),
    phone: value(byType('phone')),
    birthdate: value('birthdate'),
    sex: sex === 'female' || sex === 'male' || sex === 'other' ? (sex as PersonFields['sex']) : null,
    department: value(byType('department')),
  };
}
