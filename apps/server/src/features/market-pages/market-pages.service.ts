import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { findCampaignByName } from '../campaigns/index.ts';
import { findCountryCached } from '../countries/index.ts';
import { type PublicPage, simplePublicPage } from '../landings/index.ts';
import { findMarketplace } from '../marketplace/index.ts';
import { holdsPoints } from '../points/index.ts';
import { findTenantBySlugCached } from '../tenants/index.ts';
import type { MarketPageKind } from './market-html.ts';
import { renderMarketPage } from './market-page.ts';

const Segment = z
  .string()
  .max(60)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
const Uuid = z.uuid();

export type PagePath = { tenant: string; campaign: string; id?: string | undefined };

/**
 * One end-customer page: the tenant (not suspended), its points campaign (active once, not
 * archived) and, for the marketplace pages, an active marketplace of that campaign. A campaign
 * still a draft is the 'not yet open' page (the address is right, the shop opens later);
 * anything else (a deactivated marketplace too) the 'not found' page. The
 * person's data is not in the HTML: the script reads it with the end-customer token.
 */
export async function marketPage(
  ctx: Ctx,
  kind: MarketPageKind,
  path: PagePath,
  scriptUrl: string | null,
): Promise<PublicPage> {
  if (!Segment.safeParse(path.tenant).success || !Segment.safeParse(path.campaign).success)
    return simplePublicPage('notFound');
  if (path.id !== undefined && !Uuid.safeParse(path.id).success) return simplePublicPage('notFound');
  const tenant = await findTenantBySlugCached(ctx, path.tenant);
  if (!tenant) return simplePublicPage('notFound');
  if (tenant.status === 'suspended') return simplePublicPage('suspended');
  const found = await ctx.db.tx({ tenantId: tenant.id }, async (tx) => {
    const campaign = await findCampaignByName(tx, tenant.id, path.campaign);
    if (!campaign || campaign.archived || !holdsPoints(campaign)) return 'notFound' as const;
    const marketplace =
      kind === 'marketplace' || kind === 'marketplace-code'
        ? await findMarketplace(tx, tenant.id, path.id as string)
        : null;
    if (
      marketplace !== null &&
      (!marketplace || marketplace.campaignId !== campaign.id || !marketplace.active)
    )
      return 'notFound' as const;
    if (!campaign.activatedAt) return 'notYetOpen' as const;
    return { campaign, marketplace };
  });
  if (typeof found === 'string') return simplePublicPage(found);
  const country = await findCountryCached(ctx, found.campaign.countryCode);
  return renderMarketPage({ kind, tenant, ...found, country, id: path.id, scriptUrl });
}
