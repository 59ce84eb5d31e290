import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { marketplaces } from '../../db/schema.ts';
import type { Ctx } from '../../platform/context.ts';
import { findCampaignByName } from '../campaigns/index.ts';
import { findCountryCached } from '../countries/index.ts';
import { contentSecurityPolicy, type PublicPage, pageNonce, simplePublicPage } from '../landings/index.ts';
import { holdsPoints } from '../points/index.ts';
import { findTenantBySlugCached, publicThemeOf } from '../tenants/index.ts';
import type { FeatureDeps } from '../types.ts';
import { type MarketPageKind, marketMessages, marketPageHtml, type PageColors } from './market-html.ts';

const Segment = z
  .string()
  .max(60)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
const Uuid = z.uuid();

type PagePath = { tenant: string; campaign: string; id?: string | undefined };

/**
 * One end-customer page: the tenant (not suspended), its points campaign (active once, not
 * archived) and, for the marketplace pages, an active marketplace of that campaign; anything else
 * is the 'not found' page. The person's data is not in the HTML: the script reads it with the
 * end-customer token.
 */
async function renderMarketPage(
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
    if (!campaign || campaign.archived || !campaign.activatedAt || !holdsPoints(campaign)) return null;
    if (kind !== 'marketplace' && kind !== 'marketplace-code') return { campaign, marketplace: null };
    const [marketplace] = await tx
      .select()
      .from(marketplaces)
      .where(and(eq(marketplaces.tenantId, tenant.id), eq(marketplaces.id, path.id as string)));
    if (!marketplace || marketplace.campaignId !== campaign.id || !marketplace.active) return null;
    return { campaign, marketplace };
  });
  if (!found) return simplePublicPage('notFound');
  const { campaign, marketplace } = found;
  const country = await findCountryCached(ctx, campaign.countryCode);
  const colors: PageColors = { ...publicThemeOf(tenant).colors };
  const appearance = (marketplace?.appearance ?? {}) as { primaryColor?: unknown };
  if (typeof appearance.primaryColor === 'string') colors.primary = appearance.primaryColor;
  const n = pageNonce();
  const body = marketPageHtml({
    kind,
    nonce: n,
    scriptUrl,
    tenantName: tenant.name,
    colors,
    campaignTitle: campaign.title,
    marketplaceName: marketplace?.name ?? null,
    identityLabel: country?.identity.label ?? 'Cédula',
    data: {
      page: kind,
      tenant: tenant.slug,
      campaign: campaign.name,
      marketplaceId: marketplace?.id ?? null,
      personId: kind === 'transactions' ? (path.id ?? null) : null,
      timeZone: country?.timeZone ?? 'UTC',
      messages: marketMessages(),
    },
  });
  return { status: 200, body, csp: contentSecurityPolicy(n, { tagManager: false }), etag: null };
}

function send(reply: FastifyReply, page: PublicPage) {
  return reply
    .status(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', page.csp)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .send(page.body);
}

/**
 * The end customer's pages (no back-office token), HTML from the server plus the `market` script:
 * `/{tenant}/marketplace-authentication/{campaign}`, `/{tenant}/marketplace/{campaign}/{id}`,
 * `/{tenant}/marketplace-code/{campaign}/{id}`, `/{tenant}/transactions-authentication/{campaign}`,
 * `/{tenant}/transactions/{campaign}/{id}`. Their static segments win over the web app's `/*`.
 */
export function registerMarketPagesRoutes({ app, ctxOf, limits, assets }: FeatureDeps): void {
  const config = {
    access: 'public' as const,
    rateLimit: { max: limits.publicPerMinute, timeWindow: 60_000 },
  };
  const schema = { hide: true };
  const pages: Array<[string, MarketPageKind]> = [
    ['/:tenant/marketplace-authentication/:campaign', 'marketplace-authentication'],
    ['/:tenant/transactions-authentication/:campaign', 'transactions-authentication'],
    ['/:tenant/marketplace/:campaign/:id', 'marketplace'],
    ['/:tenant/marketplace-code/:campaign/:id', 'marketplace-code'],
    ['/:tenant/transactions/:campaign/:id', 'transactions'],
  ];
  for (const [url, kind] of pages) {
    app.get(url, { config, schema }, async (request: FastifyRequest, reply) => {
      const page = await renderMarketPage(
        ctxOf(request),
        kind,
        request.params as PagePath,
        assets.url('market'),
      );
      return send(reply, page);
    });
  }
}
