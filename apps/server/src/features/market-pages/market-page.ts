import type { Country } from '@promo/contract';
import type { CampaignRow } from '../campaigns/index.ts';
import { contentSecurityPolicy, type PublicPage, pageNonce } from '../landings/index.ts';
import type { MarketplaceRow } from '../marketplace/index.ts';
import { publicThemeOf } from '../tenants/index.ts';
import { type MarketPageKind, marketMessages, marketPageHtml, type PageColors } from './market-html.ts';

type Tenant = Parameters<typeof publicThemeOf>[0];

/** What one end-customer page shows: found by the service, rendered here. */
export type MarketPageScope = {
  kind: MarketPageKind;
  tenant: Tenant;
  campaign: CampaignRow;
  marketplace: MarketplaceRow | null;
  country: Country | undefined;
  /** The `{id}` of the path: the marketplace, or the person of the transactions page. */
  id: string | undefined;
  scriptUrl: string | null;
};

/**
 * The page: the tenant's colours (the marketplace's primary colour wins), the texts and the data
 * its script reads.
 */
export function renderMarketPage(scope: MarketPageScope): PublicPage {
  const { kind, tenant, campaign, marketplace, country } = scope;
  const colors: PageColors = { ...publicThemeOf(tenant).colors };
  const appearance = (marketplace?.appearance ?? {}) as { primaryColor?: unknown; headline?: unknown };
  if (typeof appearance.primaryColor === 'string') colors.primary = appearance.primaryColor;
  const n = pageNonce();
  const body = marketPageHtml({
    kind,
    nonce: n,
    scriptUrl: scope.scriptUrl,
    tenantName: tenant.name,
    colors,
    campaignTitle: campaign.title,
    marketplaceName: marketplace?.name ?? null,
    headline:
      typeof appearance.headline === 'string' && appearance.headline.trim()
        ? appearance.headline.trim()
        : null,
    identityLabel: country?.identity.label ?? 'Cédula',
    data: {
      page: kind,
      tenant: tenant.slug,
      campaign: campaign.name,
      marketplaceId: marketplace?.id ?? null,
      personId: kind === 'transactions' ? (scope.id ?? null) : null,
      timeZone: country?.timeZone ?? 'UTC',
      messages: marketMessages(),
    },
  });
  return { status: 200, body, csp: contentSecurityPolicy(n, { tagManager: false }), etag: null };
}
