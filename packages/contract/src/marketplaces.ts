import { z } from 'zod';
import { Id, IsoDateTime, ListQuery } from './common.ts';
import { ImageUrl } from './images.ts';
import { ProductKind, RedeemWith } from './products.ts';
import { PublicTenantTheme } from './tenants.ts';

/** Marketplaces: the back-office setup and the page the end customer sees (issue #8). */

// --- marketplaces ----------------------------------------------------------------------------

/**
 * Template id: 3 to 40 characters, letters, digits and hyphens, starting with a letter and not
 * ending with a hyphen (e.g. `grid-2`, `Showcase`). It names the layout the public page uses.
 */
export const TEMPLATE_ID_PATTERN = /^[A-Za-z][A-Za-z0-9-]{1,38}[A-Za-z0-9]$/;
export const TemplateId = z
  .string({ error: 'MARKETPLACE_TEMPLATE_INVALID' })
  .regex(TEMPLATE_ID_PATTERN, { error: 'MARKETPLACE_TEMPLATE_INVALID' })
  .describe('3-40 letters, digits and hyphens; starts with a letter, does not end with a hyphen');

const appearanceFields = {
  primaryColor: z.string().max(9),
  bannerUrl: ImageUrl,
  headline: z.string().max(200),
};
/** Overrides of the tenant theme for this marketplace (colours as in the theme, banner image). */
export const MarketplaceAppearance = z.strictObject(appearanceFields).partial().default({});
/** A change of appearance: only the keys sent change; a key set to null is no longer overridden. */
export const MarketplaceAppearanceChange = z.strictObject({
  primaryColor: appearanceFields.primaryColor.nullable().optional(),
  bannerUrl: appearanceFields.bannerUrl.nullable().optional(),
  headline: appearanceFields.headline.nullable().optional(),
});

const MarketplaceFields = z.strictObject({
  name: z
    .string({ error: 'MARKETPLACE_NAME_REQUIRED' })
    .trim()
    .min(1, { error: 'MARKETPLACE_NAME_REQUIRED' })
    .max(120, { error: 'FIELD_TOO_LONG' }),
  templateId: TemplateId,
  campaignId: Id.describe('the points (or marketplace) campaign whose balances it spends'),
  productIds: z
    .array(Id, { error: 'MARKETPLACE_PRODUCT_REQUIRED' })
    .min(1, { error: 'MARKETPLACE_PRODUCT_REQUIRED' })
    .max(500),
  opensAt: IsoDateTime.nullable().optional(),
  closesAt: IsoDateTime.nullable().optional(),
  appearance: MarketplaceAppearance,
  active: z.boolean().optional(),
});
function checkWindow(v: { opensAt?: string | null; closesAt?: string | null }, ctx: z.RefinementCtx) {
  if (v.opensAt && v.closesAt && Date.parse(v.closesAt) <= Date.parse(v.opensAt))
    ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'DATE_RANGE_INVALID' });
}
export const CreateMarketplace = MarketplaceFields.superRefine(checkWindow);
export type CreateMarketplace = z.infer<typeof CreateMarketplace>;
/** Only the fields sent change; `appearance` is merged key by key into the stored one. */
export const UpdateMarketplace = MarketplaceFields.omit({ campaignId: true })
  .extend({ appearance: MarketplaceAppearanceChange })
  .partial()
  .superRefine(checkWindow);
export type UpdateMarketplace = z.infer<typeof UpdateMarketplace>;

export const Marketplace = z.object({
  id: Id,
  name: z.string(),
  templateId: z.string(),
  campaignId: Id,
  campaignName: z.string(),
  productIds: z.array(Id),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  appearance: z.record(z.string(), z.unknown()),
  active: z.boolean(),
  /**
   * Whether customers can open the public page now: `open`, or why not — the marketplace is
   * inactive, its points campaign is still a draft (never activated) or archived.
   */
  publicState: z.enum(['open', 'inactive', 'campaign-draft', 'campaign-archived']),
  publicPath: z.string().describe('/{tenant}/marketplace/{campaign}/{id}'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Marketplace = z.infer<typeof Marketplace>;
export const MarketplaceListQuery = ListQuery.extend({ campaignId: Id.optional() });

// --- the public page ----------------------------------------------------------------------

export const PublicProduct = z.object({
  id: Id,
  name: z.string(),
  description: z.string().nullable(),
  kind: ProductKind,
  redeemWith: RedeemWith,
  pricePoints: z.number().int().nullable(),
  images: z.array(z.string()),
  stock: z.number().int(),
  shops: z.array(
    z.object({
      centreId: Id,
      name: z.string(),
      address: z.string().nullable(),
      department: z.string().nullable(),
      stock: z.number().int(),
    }),
  ),
});
export type PublicProduct = z.infer<typeof PublicProduct>;

export const PublicMarketplace = z.object({
  marketplace: z.object({
    id: Id,
    name: z.string(),
    templateId: z.string(),
    appearance: z.record(z.string(), z.unknown()),
    opensAt: z.string().nullable(),
    closesAt: z.string().nullable(),
    open: z.boolean(),
  }),
  tenant: PublicTenantTheme,
  campaign: z.object({ name: z.string(), title: z.string() }),
  person: z.object({ name: z.string().nullable() }).nullable().describe('null in the admin preview'),
  balance: z.number().int().nullable(),
  products: z.array(PublicProduct),
});
export type PublicMarketplace = z.infer<typeof PublicMarketplace>;
