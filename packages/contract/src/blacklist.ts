import { z } from 'zod';
import { Id, ListQuery, Text } from './common.ts';
import { emailAsStored, identityAsStored } from './person-values.ts';

export const BLACKLIST_KINDS = ['cedula', 'phone', 'email'] as const;
export const BlacklistKind = z.enum(BLACKLIST_KINDS, { error: 'FIELD_INVALID' });
export type BlacklistKind = z.infer<typeof BlacklistKind>;

/**
 * The form in which values are stored and compared: an identity number as people's are stored (in
 * capitals), a phone without spaces or hyphens, e-mail in lowercase.
 */
export function normaliseBlacklistValue(kind: BlacklistKind, value: string): string {
  const trimmed = value.trim();
  if (kind === 'email') return emailAsStored(trimmed);
  if (kind === 'cedula') return identityAsStored(trimmed).toUpperCase();
  return trimmed.replace(/[\s-]/g, '').toUpperCase();
}

export const CreateBlacklistEntry = z.strictObject({
  kind: BlacklistKind,
  value: Text(254),
  reason: Text(500),
  campaignId: Id.optional().describe('absent: the whole tenant'),
});
export type CreateBlacklistEntry = z.infer<typeof CreateBlacklistEntry>;

export const BlacklistEntry = z.object({
  id: Id,
  kind: BlacklistKind,
  value: z.string(),
  reason: z.string(),
  campaignId: z.string().nullable(),
  createdAt: z.string(),
});
export type BlacklistEntry = z.infer<typeof BlacklistEntry>;
export const BlacklistListQuery = ListQuery.extend({
  kind: BlacklistKind.optional(),
  campaignId: Id.optional(),
});
