import { createHash, randomBytes } from 'node:crypto';
import type { FormField } from '@promo/contract';
import { invitationText, type LandingDocument, pageBrandOf } from '@promo/landing';
import { type Ctx, DEFAULT_MAP_TILES, type MapTilesConfig } from '../../platform/context.ts';
import type { HeldAnswer } from '../../platform/http/front-door.ts';
import type { PublicAssets } from '../../platform/public-assets/load.ts';
import { campaignState, findCampaign, findCampaignWithRules, formFieldsOf } from '../campaigns/index.ts';
import { campaignCentreRows } from '../centres/index.ts';
import { findCountryCached } from '../countries/index.ts';
import { isOpen, minimumAge } from '../participations/index.ts';
import {
  findTenantBySlugCached,
  heldTenantBySlug,
  holdsTenantSlug,
  publicThemeOf,
} from '../tenants/index.ts';
import {
  findLandingGroupByName,
  findPublishedDocuments,
  recentLandingGroups,
} from './landings.repository.ts';
import { opensAtWords } from './opening-words.ts';
import {
  contentSecurityPolicy,
  landingHtml,
  SIMPLE_PAGES,
  type SimplePageKind,
  scriptMessages,
  simplePage,
} from './public-html.ts';

/** One answer of the public page route. */
export type PublicPage = {
  status: number;
  body: string;
  csp: string;
  /** Set for landing pages (cacheable, revalidated with the ETag); null for the simple pages. */
  etag: string | null;
  /** The body compressed, each coding made the first time a browser that takes it asks for this page. */
  compressed?: { br?: Buffer; gzip?: Buffer };
  /** The answers the front door writes for this page, by coding and status (page-answer.ts). */
  held?: Map<string, HeldAnswer>;
};

type Entry = { key: string; page: PublicPage };

/**
 * Rendered public pages, per process, keyed by tenant, group and page number. An entry holds the
 * "state key" it was rendered from (published version of every landing of the group, the
 * campaign's last change, the minimum age, the tag manager, the script file, the centres, the
 * theme…); a publish, rollback or campaign change makes the key differ, so the next request
 * renders again and the ETag changes. The state the key is built from is read from the database
 * at most once a second per group and process (`pageStates`), which keeps several server
 * processes consistent without any invalidation message.
 *
 * While one state is held, every request of the second would build the same key: the page last
 * answered for a state and tenant row (both kept as the same objects while held) is remembered
 * beside them, and answered without building the key again.
 */
export class PublicPageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly lastAnswered = new WeakMap<object, Map<string, { tenant: object; page: PublicPage }>>();
  constructor(private readonly maxEntries = 2_000) {}

  get(slot: string, key: string): PublicPage | undefined {
    const hit = this.entries.get(slot);
    return hit && hit.key === key ? hit.page : undefined;
  }

  set(slot: string, key: string, page: PublicPage): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(slot, { key, page });
  }

  /** The page last answered at `slot` from this very state and tenant row, if any. */
  answeredFrom(state: object, tenant: object, slot: string): PublicPage | undefined {
    const hit = this.lastAnswered.get(state)?.get(slot);
    return hit?.tenant === tenant ? hit.page : undefined;
  }

  rememberAnswer(state: object, tenant: object, slot: string, page: PublicPage): void {
    let bySlot = this.lastAnswered.get(state);
    if (!bySlot) {
      bySlot = new Map();
      this.lastAnswered.set(state, bySlot);
    }
    bySlot.set(slot, { tenant, page });
  }
}

/**
 * What a group's page is rendered from (group, campaign with rules, published documents), kept
 * one second per process: under a burst of visitors the database sees about one look-up per
 * group per second. Landing and group writes in this process clear it at once (`forgetPublicPages`);
 * other processes, and campaign changes, show within the second.
 */
const PAGE_STATE_TTL_MS = 1_000;
const pageStates = (ctx: Pick<Ctx, 'cache'>) =>
  ctx.cache.named<PageState | null>('landing-page-states', PAGE_STATE_TTL_MS);
type PageState = {
  group: Awaited<ReturnType<typeof findLandingGroupByName>> & {};
  campaign: Awaited<ReturnType<typeof findCampaign>> & {};
  rules: Awaited<ReturnType<typeof findCampaignWithRules>> extends infer R
    ? R extends { rules: infer X }
      ? X
      : never
    : never;
  published: Awaited<ReturnType<typeof findPublishedDocuments>>;
  /** The campaign's active redemption centres, for the map element. */
  centres: { name: string; address?: string; lat: number; lng: number; changed: number }[];
};

/** Drops this process's page states after a publish, rollback or group change. */
export function forgetPublicPages(ctx: Ctx): void {
  pageStates(ctx).clear();
}

/** A fresh CSP nonce for one page. */
export function pageNonce(): string {
  return randomBytes(16).toString('base64');
}

/** One of the plain pages (not found, not available, suspended…), not cacheable; `values` fill its `{name}`s. */
export function simplePublicPage(kind: SimplePageKind, values: Record<string, string> = {}): PublicPage {
  const n = pageNonce();
  const { status, title, message } = SIMPLE_PAGES[kind];
  const text = message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  return {
    status,
    body: simplePage(n, title, text),
    csp: contentSecurityPolicy(n, { tagManager: false }),
    etag: null,
  };
}

/**
 * The public page `page` (1-based) of the landing group `groupName` of tenant `tenantSlug`,
 * rendered from the published documents of the group's landings in the group's order (landings
 * never published are skipped). Unknown tenant or group, or a page past the last: not found.
 * A campaign that is not active or outside its window, or a group with nothing published:
 * the 'not available' page. A suspended tenant: a page that says so.
 *
 * `beforeLookUp` runs (once) before anything is read from the database, not when the page is
 * answered from what this process holds: the caller counts look-ups against a rate limit.
 */
export async function renderPublicLanding(
  ctx: Ctx,
  cache: PublicPageCache,
  input: {
    tenantSlug: string;
    groupName: string;
    page: number;
    assets: PublicAssets;
    basePath: string;
    beforeLookUp?: () => Promise<void>;
  },
): Promise<PublicPage> {
  let counted = false;
  const lookUp = async () => {
    if (counted || !input.beforeLookUp) return;
    counted = true;
    await input.beforeLookUp();
  };
  if (!holdsTenantSlug(ctx, input.tenantSlug)) await lookUp();
  const tenant = await findTenantBySlugCached(ctx, input.tenantSlug);
  if (!tenant) return simplePublicPage('notFound');
  if (tenant.status === 'suspended') return simplePublicPage('suspended');
  const now = ctx.clock.now();
  const stateKey = stateKeyOf(tenant, input.groupName);
  if (!pageStates(ctx).holds(stateKey)) await lookUp();
  const found = await pageStates(ctx).get(stateKey, () =>
    ctx.db.tx({ tenantId: tenant.id }, async (tx) => {
      const group = await findLandingGroupByName(tx, tenant.id, input.groupName);
      if (!group) return null;
      const campaignRow = await findCampaign(tx, tenant.id, group.campaignId);
      if (!campaignRow) return null;
      const withRules = await findCampaignWithRules(tx, tenant.id, campaignRow.name);
      const published = await findPublishedDocuments(tx, tenant.id, group.landingIds);
      const centres = (await campaignCentreRows(tx, tenant.id, campaignRow.id)).map((c) => ({
        name: c.name,
        ...(c.address ? { address: c.address } : {}),
        lat: c.latitude,
        lng: c.longitude,
        changed: c.updatedAt.getTime(),
      }));
      return { group, campaign: campaignRow, rules: withRules?.rules ?? [], published, centres };
    }),
  );
  if (!found) return simplePublicPage('notFound');
  const { group, campaign, published } = found;
  if (!isOpen(campaign, now)) return closedCampaignPage(ctx, tenant, campaign, now);
  const slot = slotOf(tenant, input);
  const answered = cache.answeredFrom(found, tenant, slot);
  if (answered) return answered;
  const fields = formFieldsOf(campaign);
  const byId = new Map(published.map((p) => [p.landingId, p]));
  const pages = group.landingIds.flatMap((id) => {
    const hit = byId.get(id);
    return hit ? [hit] : [];
  });
  if (!fields || pages.length === 0) return simplePublicPage('notAvailable');
  const current = pages[input.page - 1];
  if (!current) return simplePublicPage('notFound');
  const page = await renderedPage(ctx, cache, input, { tenant, found, current, pages, fields, slot });
  cache.rememberAnswer(found, tenant, slot, page);
  return page;
}

type Tenant = NonNullable<Awaited<ReturnType<typeof findTenantBySlugCached>>>;

/** A campaign not open now: a live one before its start says when it opens; any other is not available. */
async function closedCampaignPage(ctx: Ctx, tenant: Tenant, campaign: PageState['campaign'], now: Date) {
  if (campaignState(campaign) !== 'active' || now >= campaign.startsAt)
    return simplePublicPage('notAvailable');
  const country = tenant.countryCode ? await findCountryCached(ctx, tenant.countryCode) : undefined;
  const when = opensAtWords(campaign.startsAt, country?.timeZone ?? 'UTC', country?.name ?? null);
  return simplePublicPage('opensLater', { when });
}

/** Where a group's page state is held: per tenant and group name. */
function stateKeyOf(tenant: Tenant, groupName: string): string {
  return `${tenant.id}:${groupName}`;
}

/** Where a page's answer is remembered: per tenant, address and page number. */
function slotOf(tenant: Tenant, input: { basePath: string; page: number }): string {
  return `${tenant.id}:${input.basePath}:${input.page}`;
}

/**
 * The landing page `renderPublicLanding` would answer from what this process holds, without
 * waiting for anything: the tenant (not suspended) and the group's state held and fresh, the
 * campaign open now, and this very page answered before from that state and tenant row. Undefined
 * whenever any of it is not so: `renderPublicLanding` then decides, reading what it must.
 */
export function heldPublicLanding(
  ctx: Pick<Ctx, 'cache' | 'clock'>,
  cache: PublicPageCache,
  input: { tenantSlug: string; groupName: string; page: number; basePath: string },
): PublicPage | undefined {
  const tenant = heldTenantBySlug(ctx, input.tenantSlug)?.value;
  if (!tenant || tenant.status === 'suspended') return undefined;
  const found = pageStates(ctx).peek(stateKeyOf(tenant, input.groupName))?.value;
  if (!found || !isOpen(found.campaign, ctx.clock.now())) return undefined;
  return cache.answeredFrom(found, tenant, slotOf(tenant, input));
}

/** The page of `slot` from this state: the one rendered last if its state key is unchanged, else rendered now. */
async function renderedPage(
  ctx: Ctx,
  cache: PublicPageCache,
  input: { page: number; assets: PublicAssets; basePath: string },
  held: {
    tenant: Tenant;
    found: PageState;
    current: PageState['published'][number];
    pages: PageState['published'];
    fields: FormField[];
    slot: string;
  },
): Promise<PublicPage> {
  const { tenant, found, current, pages, fields, slot } = held;
  const { group, campaign, rules, centres } = found;
  const config = tenant.config as { tagManagerId?: string | null; mapTiles?: MapTilesConfig | null } | null;
  const tagManagerId = config?.tagManagerId ?? null;
  const tiles = config?.mapTiles ?? ctx.config.mapTiles ?? DEFAULT_MAP_TILES;
  const scriptUrl = input.assets.url('landing');
  const mapScript = input.assets.url('map');
  const mapCss = input.assets.url('map-css');
  const minAge = minimumAge(rules);
  const entryUrl = `${ctx.config.publicBaseUrl}${input.basePath}`;
  const pageUrl = `${entryUrl}${input.page > 1 ? `?page=${input.page}` : ''}`;
  const key = [
    pages.map((p) => `${p.landingId}@${p.version}`).join(','),
    group.updatedAt.getTime(),
    campaign.updatedAt.getTime(),
    campaign.endsAt.getTime(),
    minAge,
    tagManagerId ?? '',
    scriptUrl ?? '',
    tiles.url,
    tiles.attribution,
    centres.map((c) => `${c.name}@${c.changed}`).join(','),
    JSON.stringify(tenant.theme),
    tenant.name,
    campaign.redeemFrom?.getTime() ?? '',
    campaign.redeemUntil?.getTime() ?? '',
    pageUrl,
  ].join('|');
  const cached = cache.get(slot, key);
  if (cached) return cached;

  const country = await findCountryCached(ctx, campaign.countryCode);
  // every page of the group shares where people start (its first page), with an invitation
  const entry = (pages[0] ?? current).document as LandingDocument;
  const look = publicThemeOf(tenant);
  const n = pageNonce();
  const body = landingHtml({
    document: current.document as LandingDocument,
    nonce: n,
    scriptUrl,
    tagManagerId,
    pageUrl,
    ...(input.page > 1 ? { entry: { document: entry, url: entryUrl } } : {}),
    share: {
      url: entryUrl,
      title: entry.page?.shareTitle?.trim() || invitationText(campaign.title),
    },
    legal: { terms: campaign.terms, privacy: campaign.privacy },
    brand: pageBrandOf(look),
    data: {
      tenant: tenant.slug,
      campaign: campaign.name,
      kind: campaign.kind,
      landingId: current.landingId,
      group: group.name,
      page: input.page,
      pages: pages.length,
      nextUrl: input.page < pages.length ? `${input.basePath}?page=${input.page + 1}` : null,
      participateUrl: `/api/public/${tenant.slug}/campaigns/${campaign.name}/participations`,
      fields: (fields as FormField[]).map((f) => ({
        key: f.key,
        type: f.type,
        required: f.required,
        options: f.options,
      })),
      rules: {
        phoneDigits: country?.phoneDigits ?? 8,
        phonePrefix: country?.phonePrefix ?? '',
        identity: country
          ? { label: country.identity.label, pattern: country.identity.pattern }
          : { label: 'Cédula', pattern: '^.+$' },
        departments: [...(country?.departments ?? [])],
        minAge,
      },
      messages: scriptMessages(),
      centres: centres.map(({ changed: _, ...centre }) => centre),
      map: mapScript && mapCss ? { script: mapScript, css: mapCss, tiles } : null,
      timeZone: country?.timeZone ?? 'UTC',
      redeem: {
        from: campaign.redeemFrom?.toISOString() ?? null,
        until: campaign.redeemUntil?.toISOString() ?? null,
      },
    },
  });
  const page: PublicPage = {
    status: 200,
    body,
    csp: contentSecurityPolicy(n, { tagManager: tagManagerId !== null, tiles: tiles.url }),
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
  };
  cache.set(slot, key, page);
  return page;
}

/**
 * The page of `/{tenant}/landing` and `/landing` (no group name): the most recently changed group
 * of the tenant whose campaign is open (of its 20 newest), as the group's address; otherwise the
 * page that says why (not found, suspended, not available).
 */
export async function defaultLandingGroup(
  ctx: Ctx,
  tenantSlug: string,
): Promise<{ redirect: string } | { page: PublicPage }> {
  const tenant = await findTenantBySlugCached(ctx, tenantSlug);
  if (!tenant) return { page: simplePublicPage('notFound') };
  if (tenant.status === 'suspended') return { page: simplePublicPage('suspended') };
  const now = ctx.clock.now();
  const name = await ctx.db.tx({ tenantId: tenant.id }, async (tx) => {
    for (const group of await recentLandingGroups(tx, tenant.id, 20)) {
      const campaign = await findCampaign(tx, tenant.id, group.campaignId);
      if (campaign && isOpen(campaign, now) && group.landingIds.length > 0) return group.name;
    }
    return null;
  });
  return name ? { redirect: name } : { page: simplePublicPage('notAvailable') };
}
