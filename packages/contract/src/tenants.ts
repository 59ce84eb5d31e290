import { z } from 'zod';
import { Email, HexColor, Id, ListQuery, Password, TenantSlug, Text } from './common.ts';
import { Username } from './users.ts';

export const THEME_PRESETS = ['light', 'dark-purple'] as const;
export const ThemePreset = z.enum(THEME_PRESETS, { error: 'FIELD_INVALID' });
export type ThemePreset = z.infer<typeof ThemePreset>;

/** The colour variables a theme sets; a tenant may override any of its preset's values. */
export const THEME_COLOR_KEYS = [
  'primary',
  'primaryContrast',
  'background',
  'surface',
  'text',
  'muted',
  'accent',
] as const;
export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];

export const THEME_PRESET_COLORS: Record<ThemePreset, Record<ThemeColorKey, string>> = {
  light: {
    primary: '#1c7ed6',
    primaryContrast: '#ffffff',
    background: '#f8f9fa',
    surface: '#ffffff',
    text: '#212529',
    muted: '#868e96',
    accent: '#f59f00',
  },
  'dark-purple': {
    primary: '#9775fa',
    primaryContrast: '#ffffff',
    background: '#1a1030',
    surface: '#2b1d4e',
    text: '#f3f0ff',
    muted: '#b197fc',
    accent: '#ffd43b',
  },
};

/** System font stacks the public pages may use (no web font download); stacks in @promo/landing. */
export const FONT_CHOICES = ['system', 'humanist', 'geometric', 'serif', 'rounded'] as const;
export type FontChoice = (typeof FONT_CHOICES)[number];

const ThemeColorKey = z.enum(THEME_COLOR_KEYS);
const themeFields = {
  preset: ThemePreset,
  colors: z.partialRecord(ThemeColorKey, HexColor),
  logoUrl: z
    .url({ protocol: /^https?$/, error: 'FIELD_INVALID' })
    .max(500)
    .nullable(),
  /** The public pages' font stack. */
  font: z.enum(FONT_CHOICES, { error: 'FIELD_INVALID' }),
};

export const Theme = z.strictObject({
  preset: themeFields.preset.default('light'),
  colors: themeFields.colors.default({}),
  logoUrl: themeFields.logoUrl.default(null),
  font: themeFields.font.default('system'),
});
export type Theme = z.infer<typeof Theme>;

/** A change of theme: only the keys sent change; a colour set to null is no longer overridden. */
export const ThemeChange = z
  .strictObject({ ...themeFields, colors: z.partialRecord(ThemeColorKey, HexColor.nullable()) })
  .partial();
export type ThemeChange = z.infer<typeof ThemeChange>;

/**
 * A slippy-map tile URL template for the landing map element: https, with `{z}`, `{x}` and `{y}`
 * (and optionally `{s}` for subdomains), e.g. `https://tile.openstreetmap.org/{z}/{x}/{y}.png`.
 */
export const TILE_URL_PATTERN = /^https:\/\/(\{s\}\.)?[A-Za-z0-9.-]+(:\d{1,5})?\/[^\s"'<>\\`]*$/;
export const MapTiles = z.strictObject({
  url: z
    .string({ error: 'FIELD_REQUIRED' })
    .max(300, { error: 'FIELD_TOO_LONG' })
    .regex(TILE_URL_PATTERN, { error: 'FIELD_INVALID' })
    .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), { error: 'FIELD_INVALID' }),
  attribution: Text(200),
});
export type MapTiles = z.infer<typeof MapTiles>;

/** The emoji service the emoji service key is for (emoji-api.com), called by the builder. */
export const EMOJI_SERVICE_ORIGIN = 'https://emoji-api.com';

const configFields = {
  tagManagerId: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, { error: 'FIELD_INVALID' })
    .nullable(),
  supportEmail: Email.nullable(),
  supportPhone: z.string().max(30).nullable(),
  defaultLocale: z.enum(['es', 'en']),
  /** The tile server of the landing map; the server's MAP_TILE_URL when not set. */
  mapTiles: MapTiles.nullable(),
  /**
   * The emoji service key (spec §9): an emoji-api.com access key that turns on search from that
   * service in the builder's emoji picker (the bundled set otherwise). Shown to admins only.
   */
  emojiServiceKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'FIELD_INVALID' })
    .nullable(),
};

export const TenantConfig = z.strictObject({
  tagManagerId: configFields.tagManagerId.default(null),
  supportEmail: configFields.supportEmail.default(null),
  supportPhone: configFields.supportPhone.default(null),
  defaultLocale: configFields.defaultLocale.default('es'),
  mapTiles: configFields.mapTiles.default(null),
  emojiServiceKey: configFields.emojiServiceKey.default(null),
});
export type TenantConfig = z.infer<typeof TenantConfig>;

/** A change of configuration: only the keys sent change, `mapTiles` key by key too. */
export const TenantConfigChange = z
  .strictObject({ ...configFields, mapTiles: MapTiles.partial().nullable() })
  .partial();
export type TenantConfigChange = z.infer<typeof TenantConfigChange>;

export const TENANT_STATUSES = ['active', 'suspended'] as const;
export const TenantStatus = z.enum(TENANT_STATUSES, { error: 'FIELD_INVALID' });

export const Tenant = z.object({
  id: Id,
  slug: z.string(),
  name: z.string(),
  status: TenantStatus,
  countryCode: z.string(),
  theme: Theme,
  config: TenantConfig,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tenant = z.infer<typeof Tenant>;

const CountryCodeRef = z.string({ error: 'FIELD_REQUIRED' }).regex(/^[A-Z]{2}$/, { error: 'FIELD_INVALID' });

export const CreateTenant = z.strictObject({
  slug: TenantSlug,
  name: Text(120),
  countryCode: CountryCodeRef,
  theme: Theme.optional(),
  config: TenantConfig.optional(),
  admin: z
    .strictObject({
      username: Username,
      password: Password,
      name: Text(120).optional(),
      email: Email.optional(),
    })
    .optional()
    .describe('the first ADMIN of the tenant, created with it'),
});
export type CreateTenant = z.infer<typeof CreateTenant>;

/**
 * Only the fields sent change. `theme` and `config` are merged key by key into the stored ones
 * (a null removes a key: its default applies again); the merged result is checked whole.
 */
export const UpdateTenant = z.strictObject({
  name: Text(120).optional(),
  status: TenantStatus.optional(),
  countryCode: CountryCodeRef.optional(),
  theme: ThemeChange.optional(),
  config: TenantConfigChange.optional(),
});
export type UpdateTenant = z.infer<typeof UpdateTenant>;

export const TenantListQuery = ListQuery.extend({ status: TenantStatus.optional() });
export const TENANT_SORTS = ['slug', 'name', 'status', 'createdAt'] as const;

export const TenantSlugParams = z.object({ slug: TenantSlug });

/** What the login screen needs to dress itself in the tenant's colours. */
export const PublicTenantTheme = z.object({
  slug: z.string(),
  name: z.string(),
  status: TenantStatus,
  theme: Theme,
  colors: z.record(z.string(), z.string()).describe('preset colours with overrides applied'),
});
export type PublicTenantTheme = z.infer<typeof PublicTenantTheme>;

export function resolveThemeColors(theme: Pick<Theme, 'preset' | 'colors'>): Record<ThemeColorKey, string> {
  const colors = { ...THEME_PRESET_COLORS[theme.preset] };
  for (const key of THEME_COLOR_KEYS) {
    const value = theme.colors[key];
    if (value) colors[key] = value.startsWith('#') ? value : `#${value}`;
  }
  return colors;
}
