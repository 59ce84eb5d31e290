import { z } from 'zod';
import { Id, ListQuery, Text } from './common.ts';

/** Redemption centres (six-digit code) and their groups. */

export const CentreCode = z
  .string({ error: 'FIELD_REQUIRED' })
  .regex(/^[0-9]{6}$/, { error: 'CENTRE_CODE_FORMAT' })
  .describe('six digits');

const Latitude = z
  .number({ error: 'INVALID_COORDINATES' })
  .min(-90, { error: 'INVALID_COORDINATES' })
  .max(90, { error: 'INVALID_COORDINATES' });
const Longitude = z
  .number({ error: 'INVALID_COORDINATES' })
  .min(-180, { error: 'INVALID_COORDINATES' })
  .max(180, { error: 'INVALID_COORDINATES' });

const CentreFields = z.strictObject({
  code: CentreCode,
  name: Text(160),
  address: z.string().max(300).optional(),
  department: z.string().max(80).optional(),
  latitude: Latitude,
  longitude: Longitude,
  phone: z
    .string()
    .regex(/^[0-9+ -]{4,20}$/, { error: 'FIELD_INVALID' })
    .optional(),
  hours: z.string().max(300).optional().describe('opening hours as shown to people'),
  active: z.boolean().optional(),
});
export const CreateCentre = CentreFields;
export type CreateCentre = z.infer<typeof CreateCentre>;
export const UpdateCentre = CentreFields.partial();
export type UpdateCentre = z.infer<typeof UpdateCentre>;

export const Centre = z.object({
  id: Id,
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  department: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string().nullable(),
  hours: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Centre = z.infer<typeof Centre>;
export const CentreListQuery = ListQuery.extend({
  active: z.enum(['true', 'false']).optional(),
  groupId: Id.optional(),
});

export const CentreGroupInput = z.strictObject({
  name: Text(120),
  centreIds: z.array(Id).min(1, { error: 'CENTRE_REQUIRED' }),
});
export type CentreGroupInput = z.infer<typeof CentreGroupInput>;
export const CentreGroup = z.object({
  id: Id,
  name: z.string(),
  centreIds: z.array(z.string()),
  createdAt: z.string(),
});
export type CentreGroup = z.infer<typeof CentreGroup>;
