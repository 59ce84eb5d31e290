import { z } from 'zod';
import { emailAsStored } from './person-values.ts';

/** Ids of every entity are UUIDs. */
export const Id = z.uuid({ error: 'FIELD_INVALID' }).describe('UUID');
export type Id = z.infer<typeof Id>;

/** Words the web app uses as the first path segment: no tenant may take them as its slug. */
export const RESERVED_SLUGS = [
  'api',
  'assets',
  'builder',
  'docs',
  'healthz',
  'landing',
  'login',
  'marketplace',
  'metrics',
  'not-found',
  'pages',
  'platform',
  'public',
  'readyz',
  'reset-password',
  'static',
  'transactions',
  'verify-draw',
] as const;

/** A tenant slug, campaign name or landing group name as used in public URLs. */
export const Slug = z
  .string({ error: 'FIELD_REQUIRED' })
  .min(2, { error: 'FIELD_TOO_SHORT' })
  .max(40, { error: 'FIELD_TOO_LONG' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'SLUG_FORMAT' })
  .describe('lowercase letters, digits and single hyphens');

export const TenantSlug = Slug.refine((value) => !(RESERVED_SLUGS as readonly string[]).includes(value), {
  error: 'SLUG_RESERVED',
});

export const ROLES = ['SUPERADMIN', 'ADMIN', 'ANALYST', 'OPERATOR'] as const;
export const Role = z.enum(ROLES, { error: 'FIELD_INVALID' });
export type Role = z.infer<typeof Role>;

/** A required, trimmed line of text. */
export const Text = (max = 200) =>
  z
    .string({ error: 'FIELD_REQUIRED' })
    .trim()
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(max, { error: 'FIELD_TOO_LONG' });

/** E-mail as the spec wants it stored: typed in any case, kept in lowercase (`emailAsStored`); no spaces. */
export const Email = z
  .string({ error: 'FIELD_REQUIRED' })
  .max(254, { error: 'FIELD_TOO_LONG' })
  .overwrite(emailAsStored)
  .refine((value) => !/\s/.test(value), { error: 'EMAIL_FORMAT' })
  .pipe(z.email({ error: 'FIELD_INVALID' }));

export const Password = z
  .string({ error: 'FIELD_REQUIRED' })
  .min(10, { error: 'PASSWORD_TOO_WEAK' })
  .max(200, { error: 'FIELD_TOO_LONG' });

/** Colour text: 3, 6 or 8 hex digits with an optional '#' (spec, builder limits). */
export const HexColor = z
  .string({ error: 'FIELD_REQUIRED' })
  .regex(/^#?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, { error: 'COLOR_FORMAT' });

export const IsoDateTime = z.iso.datetime({ offset: true, error: 'FIELD_INVALID' });

/** Query of every list: `?page=&pageSize=&sort=&q=`. `sort` is a field, `-field` descending. */
export const ListQuery = z.object({
  page: z.coerce.number({ error: 'FIELD_INVALID' }).int().min(1).default(1),
  pageSize: z.coerce.number({ error: 'FIELD_INVALID' }).int().min(1).max(200).default(20),
  sort: z
    .string()
    .regex(/^-?[a-zA-Z]+$/, { error: 'FIELD_INVALID' })
    .optional(),
  q: z.string().trim().max(100, { error: 'FIELD_TOO_LONG' }).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export const IdParams = z.object({ id: Id });
