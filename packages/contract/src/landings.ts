import { z } from 'zod';
import { Id, IsoDateTime, Text } from './common.ts';

/**
 * Landing pages and landing groups. The document itself is checked by `validateDocument` of
 * `@promo/landing` on the server (its issues come back as VALIDATION_FAILED details), so the
 * contract only says it is an object.
 */
export const LandingDocumentBody = z
  .record(z.string(), z.unknown(), { error: 'FIELD_REQUIRED' })
  .describe('a landing document, schema version 1 (see packages/landing)');

export const LandingSummary = z.object({
  id: Id,
  campaignId: Id,
  name: z.string(),
  /** Draft version: grows by one on every save; send it back in PUT for optimistic concurrency. */
  version: z.number().int(),
  /** The published version the public page shows; null when never published. */
  publishedVersion: z.number().int().nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type LandingSummary = z.infer<typeof LandingSummary>;

export const Landing = LandingSummary.extend({ document: LandingDocumentBody });
export type Landing = z.infer<typeof Landing>;

export const LandingListQuery = z.object({ campaignId: Id.optional() });
export type LandingListQuery = z.infer<typeof LandingListQuery>;

export const CreateLanding = z.strictObject({
  name: Text(100),
  campaignId: Id,
  document: LandingDocumentBody,
});
export type CreateLanding = z.infer<typeof CreateLanding>;

export const UpdateLanding = z.strictObject({
  name: Text(100).optional(),
  document: LandingDocumentBody.optional(),
  /** The draft version the change was made on; a stale one is refused (LANDING_NOT_UPDATED). */
  version: z.number().int().positive().optional(),
});
export type UpdateLanding = z.infer<typeof UpdateLanding>;

/** The designed starting pages of a campaign (issue 16): its form page or its thank-you page. */
export const LANDING_TEMPLATE_PAGES = ['form', 'thanks'] as const;
export const CreateLandingFromTemplate = z.strictObject({
  name: Text(100),
  campaignId: Id,
  page: z.enum(LANDING_TEMPLATE_PAGES, { error: 'FIELD_INVALID' }),
});
export type CreateLandingFromTemplate = z.infer<typeof CreateLandingFromTemplate>;

export const LandingCreated = z.object({ id: Id, version: z.number().int() });

/**
 * The guided path's "create and publish the page" (issue 44): the campaign kind's form page and
 * thank-you page, made from its templates, published and put in one landing group, all in one
 * transaction. `name` is the group's (the public address `/{tenant}/landing/{name}`); without it,
 * the campaign's own name (cut to 40 characters).
 */
export const CreateTemplateGroup = z.strictObject({
  name: z.string().max(40, { error: 'FIELD_TOO_LONG' }).optional(),
});
export type CreateTemplateGroup = z.infer<typeof CreateTemplateGroup>;

export const LandingVersion = z.object({
  version: z.number().int(),
  publishedAt: IsoDateTime,
  publishedBy: Id.nullable(),
  current: z.boolean(),
});
export type LandingVersion = z.infer<typeof LandingVersion>;

export const RollbackLanding = z.strictObject({
  version: z.number({ error: 'FIELD_REQUIRED' }).int().positive(),
});

export const LandingGroup = z.object({
  id: Id,
  name: z.string(),
  campaignId: Id,
  landingIds: z.array(Id),
  /** `/{tenant}/landing/{name}` */
  publicPath: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type LandingGroup = z.infer<typeof LandingGroup>;

/**
 * `name` is the public URL segment (lowercase letters, digits, single hyphens); an empty name is
 * LANDING_GROUP_NAME_REQUIRED. All landings belong to one campaign of the caller's tenant.
 */
export const LandingGroupInput = z.strictObject({
  name: z.string().max(40, { error: 'FIELD_TOO_LONG' }).optional(),
  campaignId: Id.optional(),
  landingIds: z.array(Id).min(1, { error: 'FIELD_REQUIRED' }).max(20),
});
export type LandingGroupInput = z.infer<typeof LandingGroupInput>;
