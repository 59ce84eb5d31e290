import { z } from 'zod';
import { Id, IsoDateTime, Text } from './common.ts';

/** Instant awards: prizes, winning moments and what a participation won. */

const PrizeFields = z.strictObject({
  name: Text(160),
  value: z.number().int().min(0).describe('whole units of the campaign currency'),
  stock: z.number({ error: 'FIELD_REQUIRED' }).int().min(1, { error: 'NUMBER_TOO_SMALL' }).max(1_000_000),
  centreId: Id.nullable().optional().describe('the centre where the prize is claimed'),
  department: z.string().max(80).nullable().optional(),
});
export const CreatePrize = PrizeFields;
export type CreatePrize = z.infer<typeof CreatePrize>;
export const UpdatePrize = PrizeFields.partial();
export type UpdatePrize = z.infer<typeof UpdatePrize>;

export const Prize = z.object({
  id: Id,
  campaignId: Id,
  name: z.string(),
  value: z.number(),
  stock: z.number(),
  awarded: z.number(),
  centreId: z.string().nullable(),
  department: z.string().nullable(),
  createdAt: z.string(),
});
export type Prize = z.infer<typeof Prize>;

/** Generate one moment per unit of stock, uniformly over the campaign window, or give them. */
export const SetMoments = z.union([
  z.strictObject({ generate: z.literal(true) }),
  z.strictObject({
    moments: z
      .array(z.strictObject({ at: IsoDateTime, prizeId: Id }))
      .min(1, { error: 'FIELD_REQUIRED' })
      .max(100_000),
  }),
]);
export type SetMoments = z.infer<typeof SetMoments>;

export const MomentsSeal = z.object({
  hash: z.string().describe('SHA-256 (hex) of the salt and the moment list, see docs'),
  algorithm: z.literal('sha256(salt + "\\n" + lines "ISO-time,prizeId\\n" ordered by time, prize)'),
  moments: z.number(),
  sealedAt: z.string(),
});

export const Moment = z.object({
  id: Id,
  at: z.string(),
  prizeId: Id,
  prizeName: z.string(),
  participationId: z.string().nullable(),
  awardedAt: z.string().nullable(),
});

/** Until the campaign ends only the count and the seal are shown; then the salt and the list. */
export const MomentsView = z.object({
  seal: MomentsSeal.nullable(),
  revealed: z.boolean(),
  salt: z.string().optional(),
  moments: z.array(Moment).optional(),
});
export type MomentsView = z.infer<typeof MomentsView>;

export const Award = z.object({
  momentAt: z.string(),
  awardedAt: z.string(),
  prizeId: Id,
  prizeName: z.string(),
  participationId: Id,
  cedula: z.string(),
  name: z.string().nullable(),
});
export type Award = z.infer<typeof Award>;
export const AwardList = z.object({ items: z.array(Award) });
export type AwardList = z.infer<typeof AwardList>;

export const InstantAwardParams = z.object({
  tenant: z.string().max(40),
  campaign: z.string().max(40),
  identity: z.string().max(40),
  participation: Id,
});

/** What the public page shows about one participation of an instant-award campaign. */
export const InstantAwardResult = z.object({
  won: z.boolean(),
  prize: z
    .object({
      name: z.string(),
      value: z.number(),
      department: z.string().nullable(),
      centre: z.object({ name: z.string(), address: z.string().nullable() }).nullable(),
    })
    .optional(),
  awardedAt: z.string().optional(),
});
export type InstantAwardResult = z.infer<typeof InstantAwardResult>;
