import { type Campaign, CONTACT_MISMATCH_RULES } from '@promo/contract';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { bodyResolver } from '../../lib/contract-resolver.ts';
import { fromZonedInput, toZonedInput } from '../../lib/zoned-time.ts';

/** What the inputs hold: dates as `YYYY-MM-DDTHH:mm` in the tenant's time zone. */
export type CampaignFormValues = {
  name: string;
  title: string;
  kind: string;
  countryCode: string;
  startsAt: string;
  endsAt: string;
  redeemFrom: string;
  redeemUntil: string;
  description: string;
  terms: string;
  privacy: string;
  /** reward_code campaigns: where their codes can be redeemed (`settings`). */
  centreIds: string[];
  centreGroupIds: string[];
  /** points campaigns: points a participation credits; points and marketplace: days to expiry ('' for none). */
  pointsPerParticipation: string;
  pointsExpiryDays: string;
  contactMismatch: (typeof CONTACT_MISMATCH_RULES)[number];
};

export { CONTACT_MISMATCH_RULES };

/** Points a new points campaign's form proposes, so that its first participation credits some. */
export const PROPOSED_POINTS = '10';

export const CAMPAIGN_FIELDS = [
  'name',
  'title',
  'kind',
  'countryCode',
  'startsAt',
  'endsAt',
  'redeemFrom',
  'redeemUntil',
  'description',
  'terms',
  'privacy',
  'settings.pointsPerParticipation',
  'settings.pointsExpiryDays',
  'settings',
] as const;

/**
 * The request body: required dates converted to UTC ISO, optional texts left out when empty on
 * create and sent empty (cleared) on edit, redemption dates null when cleared on edit.
 */
export function toCampaignBody(values: CampaignFormValues, timeZone: string | undefined, isEdit: boolean) {
  const text = (value: string) => (value.trim() ? value.trim() : isEdit ? '' : undefined);
  const optionalDate = (value: string) => fromZonedInput(value, timeZone) ?? (isEdit ? null : undefined);
  const body: Record<string, unknown> = {
    name: values.name.trim(),
    title: values.title.trim(),
    countryCode: values.countryCode,
    startsAt: fromZonedInput(values.startsAt, timeZone) ?? values.startsAt,
    endsAt: fromZonedInput(values.endsAt, timeZone) ?? values.endsAt,
    redeemFrom: optionalDate(values.redeemFrom),
    redeemUntil: optionalDate(values.redeemUntil),
    description: text(values.description),
    terms: text(values.terms),
    privacy: text(values.privacy),
  };
  if (!isEdit) body.kind = values.kind;
  body.settings = settingsOf(values, isEdit);
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

/**
 * The kind's settings: a whole number typed as text is sent as a number; an emptied one is left
 * out on create and removed (null) on edit; an entry for another kind's setting is not sent.
 */
function settingsOf(values: CampaignFormValues, isEdit: boolean): Record<string, unknown> {
  const whole = (value: string) => (value.trim() === '' ? (isEdit ? null : undefined) : Number(value));
  const settings: Record<string, unknown> = { contactMismatch: values.contactMismatch };
  if (values.kind === 'reward_code') {
    settings.centreIds = values.centreIds;
    settings.centreGroupIds = values.centreGroupIds;
  }
  if (values.kind === 'points') settings.pointsPerParticipation = whole(values.pointsPerParticipation);
  if (values.kind === 'points' || values.kind === 'marketplace')
    settings.pointsExpiryDays = whole(values.pointsExpiryDays);
  for (const key of Object.keys(settings)) if (settings[key] === undefined) delete settings[key];
  return settings;
}

/** The contract schema checks the converted body; its errors land on the inputs of the same name. */
export function campaignResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  timeZone: string | undefined,
  isEdit: boolean,
): Resolver<CampaignFormValues, unknown, z.output<S>> {
  return bodyResolver(
    schema,
    (values: CampaignFormValues) => toCampaignBody(values, timeZone, isEdit) as z.input<S>,
  );
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const wholeText = (value: unknown, otherwise: string): string =>
  typeof value === 'number' ? String(value) : otherwise;

export function initialValues(
  campaign: Campaign | undefined,
  timeZone: string | undefined,
  countryCode: string,
) {
  return {
    name: campaign?.name ?? '',
    title: campaign?.title ?? '',
    kind: campaign?.kind ?? 'raffle',
    countryCode: campaign?.countryCode ?? countryCode,
    startsAt: toZonedInput(campaign?.startsAt, timeZone),
    endsAt: toZonedInput(campaign?.endsAt, timeZone),
    redeemFrom: toZonedInput(campaign?.redeemFrom, timeZone),
    redeemUntil: toZonedInput(campaign?.redeemUntil, timeZone),
    description: campaign?.description ?? '',
    terms: campaign?.terms ?? '',
    privacy: campaign?.privacy ?? '',
    centreIds: stringList(campaign?.settings.centreIds),
    centreGroupIds: stringList(campaign?.settings.centreGroupIds),
    pointsPerParticipation: wholeText(
      campaign?.settings.pointsPerParticipation,
      campaign ? '' : PROPOSED_POINTS,
    ),
    pointsExpiryDays: wholeText(campaign?.settings.pointsExpiryDays, ''),
    contactMismatch: campaign?.settings.contactMismatch === 'refuse' ? 'refuse' : 'record',
  } satisfies CampaignFormValues;
}
