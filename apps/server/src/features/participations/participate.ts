import { randomUUID } from 'node:crypto';
import {
  answersIssues,
  type FormField,
  normaliseBlacklistValue,
  type ParticipationOutcome,
  type ParticipationRequest,
  type ParticipationResponse,
} from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent, requestHash } from '../../platform/idempotency.ts';
import { localTime } from '../../platform/local-time.ts';
import { type CampaignRow, campaignState, findCampaignWithRules, formFieldsOf } from '../campaigns/index.ts';
import { findCountryCached } from '../countries/index.ts';
import { findTenantBySlugCached } from '../tenants/index.ts';
import { deviceClass } from './device-class.ts';
import type { ParticipationKinds } from './participation-kinds.ts';
import { insertParticipation, type PersonFields, participationGate } from './participations.repository.ts';
import { firstRefusal, minimumAge } from './rules.ts';

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

/**
 * A person takes part in a campaign through its public form. In one transaction: the campaign
 * is open, the answers are valid for the campaign's country, the person is not blacklisted, the
 * rules allow it (checked with the person's row locked), the participation is stored and the
 * campaign's kind acts on it (through `kinds`). An Idempotency-Key makes a retried submission
 * count once.
 */
export async function participate(
  ctx: Ctx,
  kinds: ParticipationKinds,
  tenantSlug: string,
  campaignName: string,
  input: ParticipationRequest,
  meta: ParticipationMeta,
): Promise<{ status: number; body: ParticipationResponse; replayed: boolean }> {
  const tenant = await publicTenant(ctx, tenantSlug);
  const now = ctx.clock.now();
  const result = await ctx.db.tx({ tenantId: tenant.id }, async (tx) => {
    const found = await findCampaignWithRules(tx, tenant.id, campaignName, { keyShare: true });
    if (!found) throw new AppError('NOT_FOUND');
    const { campaign, rules } = found;
    const fields = formFieldsOf(campaign);
    if (!fields || !isOpen(campaign, now)) throw new AppError('CAMPAIGN_NOT_ACTIVE');
    const country = await findCountryCached(ctx, campaign.countryCode, tx);
    if (!country) throw new AppError('INTERNAL_ERROR');
    const local = localTime(now, country.timeZone);

    const issues = answersIssues(fields, input.answers, {
      phoneDigits: country.phoneDigits,
      identity: country.identity,
      departments: country.departments,
      today: local.day,
      minAge: minimumAge(rules),
    });
    const underage = issues.find((i) => i.code === 'UNDERAGE');
    if (underage) throw new AppError('UNDERAGE', [underage]);
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', issues);

    const person = personFrom(fields, input.answers);
    const limits = rules.filter((r) => r.kind === 'max_per_identity');
    const gate = await participationGate(tx, {
      tenantId: tenant.id,
      campaignId: campaign.id,
      person,
      blacklist: {
        cedula: normaliseBlacklistValue('cedula', person.cedula),
        phone: person.phone ? normaliseBlacklistValue('phone', person.phone) : null,
        email: person.email ? normaliseBlacklistValue('email', person.email) : null,
      },
      now,
      day: local.day,
      // raffles number a person's entries, so they always count the campaign
      countCampaign: campaign.kind === 'raffle' || limits.some((r) => !r.groupId),
      groupId: limits.some((r) => r.groupId) ? campaign.groupId : null,
    });
    if ('blacklisted' in gate) {
      // kept (committed) so that the tenant sees the attempt; the person is told nothing more
      await audit(tx, ctx, {
        tenantId: tenant.id,
        action: 'participation.blacklisted',
        entityType: 'campaign',
        entityId: campaign.id,
        details: { blacklistEntryId: gate.blacklisted },
      });
      ctx.log.warn(
        { campaignId: campaign.id, blacklistEntryId: gate.blacklisted },
        'blacklisted participation refused',
      );
      return { refused: new AppError('PARTICIPATION_NOT_ACCEPTED') } satisfies Refusal;
    }

    const { participantId } = gate;
    const counts = { campaign: gate.campaign, group: gate.group };
    return idempotent(
      tx,
      tenant.id,
      meta.idempotencyKey,
      requestHash([campaign.id, input, meta.codes ?? []]),
      async () => {
        const participationId = randomUUID();
        const refusal = firstRefusal(rules, {
          department: person.department,
          weekday: local.weekday,
          minuteOfDay: local.minuteOfDay,
          countsFor: (scope) => counts[scope],
        });
        if (refusal) throw new AppError(refusal);
        const handler = kinds[campaign.kind];
        const outcome: ParticipationOutcome = handler
          ? await handler(tx, ctx, {
              tenantId: tenant.id,
              campaign,
              participantId,
              participationId,
              rules,
              earlier: counts.campaign,
              codes: meta.codes ?? [],
              idempotencyKey: meta.idempotencyKey ?? null,
            })
          : { kind: 'registered' };
        await insertParticipation(tx, {
          id: participationId,
          tenantId: tenant.id,
          campaignId: campaign.id,
          participantId,
          answers: input.answers,
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
