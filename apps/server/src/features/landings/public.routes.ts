import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BROTLI_OR_GZIP, GZIP_ONLY, preferredCoding } from '../../platform/http/content-coding.ts';
import type { FeatureDeps } from '../types.ts';
import { heldPageAnswer, pageAnswer } from './page-answer.ts';
import {
  defaultLandingGroup,
  heldPublicLanding,
  type PublicPage,
  PublicPageCache,
  renderPublicLanding,
  simplePublicPage,
} from './public-page.ts';

// a tenant's or group's name in a page's address, and the pages a group may have
const SEGMENT = '[a-z0-9]+(?:-[a-z0-9]+)*';
const MAX_SEGMENT = 60;
const MAX_PAGES = 20;
const Segment = z
  .string()
  .max(MAX_SEGMENT)
  .regex(new RegExp(`^${SEGMENT}$`));
const PageQuery = z.object({ page: z.coerce.number().int().min(1).max(MAX_PAGES).catch(1).default(1) });

/** The address of a tenant's group page: with the tenant's segment, or the default tenant's. */
const landingPath = (withTenant: boolean, tenantSlug: string, group: string) =>
  withTenant ? `/${tenantSlug}/landing/${group}` : `/landing/${group}`;

/** A page's address as the front door takes it whole: its segments as `Segment` has them, and no query but `page`. */
const heldAddress = (withTenant: boolean) =>
  new RegExp(
    `^${withTenant ? `/(?<tenant>${SEGMENT})` : ''}/landing/(?<group>${SEGMENT})(?:\\?page=(?<page>[1-9]\\d?))?$`,
  );

function send(request: FastifyRequest, reply: FastifyReply, page: PublicPage) {
  // a phone takes the page compressed (brotli: a quarter of the bytes), compressed once per rendered page
  const coding = page.etag ? preferredCoding(request.headers['accept-encoding'], BROTLI_OR_GZIP) : 'identity';
  const answer = pageAnswer(page, coding, request.headers['if-none-match']);
  for (const [name, value] of answer.headers) reply.header(name, value);
  return reply.status(answer.status).send(answer.status === 304 ? undefined : answer.body);
}

/**
 * Public landing pages (no token): `/{tenant}/landing/{group}` and `/landing/{group}`, with
 * `?page=N` for the group's further pages; the page scripts and styles at `/public/<name>.<hash>.<ext>`.
 * Static segments make these routes win over the web app's `/*` fallback.
 */
export function registerPublicLandingRoutes({
  app,
  ctxOf,
  limits,
  assets,
  frontDoor,
  shared,
}: FeatureDeps): void {
  const cache = new PublicPageCache();
  const rateLimit = { max: limits.publicPerMinute, timeWindow: 60_000 };
  const config = { access: 'public' as const, rateLimit };
  // A group's page is counted against the public rate limit only when it must be looked up in
  // the database; answered from what the process holds, counting it would cost about as much as
  // the answer (decision 032), and would refuse people who share an address behind a carrier's NAT.
  const limitLookUps = app.rateLimit({ ...rateLimit, groupId: 'landing-look-ups' });

  const handler =
    (tenantOf: (params: Record<string, string>) => string, withTenant: boolean) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.params as Record<string, string>;
      const tenantSlug = tenantOf(params);
      const query = PageQuery.safeParse(request.query);
      const ok = Segment.safeParse(tenantSlug).success && Segment.safeParse(params.group).success;
      const page = await renderPublicLanding(ctxOf(request), cache, {
        tenantSlug: ok ? tenantSlug : '-',
        groupName: ok ? (params.group as string) : '-',
        page: query.success ? query.data.page : 1,
        assets,
        basePath: landingPath(withTenant, tenantSlug, params.group as string),
        beforeLookUp: async () => {
          await limitLookUps.call(app, request, reply);
        },
      });
      return send(request, reply, page);
    };

  const schema = { hide: true };
  const pageConfig = { access: 'public' as const };
  app.get(
    '/:tenant/landing/:group',
    { config: pageConfig, schema },
    handler((p) => p.tenant as string, true),
  );
  app.get(
    '/landing/:group',
    { config: pageConfig, schema },
    // the tenant of `/landing/{group}`: DEFAULT_TENANT (config), else 'demo'
    handler(() => shared.config.defaultTenant, false),
  );

  // A page this process answered from the state still current is answered again before Fastify's
  // pipeline (decision 038): the same answer, a third of the time. Only an address written exactly
  // as the routes above take it, with no query but a page number of 1-20; Fastify answers the rest.
  const held = (withTenant: boolean) => {
    const address = heldAddress(withTenant);
    return (request: IncomingMessage) => {
      const parts = address.exec(request.url ?? '')?.groups;
      if (!parts) return undefined;
      const { group = '', page } = parts;
      const tenantSlug = withTenant ? (parts.tenant ?? '') : shared.config.defaultTenant;
      const pageNumber = page === undefined ? 1 : Number(page);
      if (tenantSlug.length > MAX_SEGMENT || group.length > MAX_SEGMENT || pageNumber > MAX_PAGES)
        return undefined;
      const found = heldPublicLanding(shared, cache, {
        tenantSlug,
        groupName: group,
        page: pageNumber,
        basePath: landingPath(withTenant, tenantSlug, group),
      });
      if (!found) return undefined;
      const coding = preferredCoding(request.headers['accept-encoding'], BROTLI_OR_GZIP);
      return heldPageAnswer(frontDoor, found, coding, request.headers['if-none-match']);
    };
  };
  frontDoor.add({ route: '/:tenant/landing/:group', answer: held(true) });
  frontDoor.add({ route: '/landing/:group', answer: held(false) });

  // without a group name: the tenant's current group (spec: `landing`, `{tenantName}/landing`)
  const current =
    (tenantOf: (params: Record<string, string>) => string, withTenant: boolean) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const tenantSlug = tenantOf(request.params as Record<string, string>);
      const found = Segment.safeParse(tenantSlug).success
        ? await defaultLandingGroup(ctxOf(request), tenantSlug)
        : { page: simplePublicPage('notFound') };
      if ('page' in found) return send(request, reply, found.page);
      return reply
        .status(302)
        .header('cache-control', 'no-store')
        .redirect(landingPath(withTenant, tenantSlug, found.redirect));
    };
  app.get(
    '/:tenant/landing',
    { config, schema },
    current((p) => p.tenant as string, true),
  );
  app.get(
    '/landing',
    { config, schema },
    current(() => shared.config.defaultTenant, false),
  );

  app.get('/public/:file', { config: { access: 'public' }, schema }, async (request, reply) => {
    const { file } = request.params as { file: string };
    const asset = assets.byFile(file);
    if (!asset) return reply.status(404).header('cache-control', 'no-store').send();
    const coding = preferredCoding(
      request.headers['accept-encoding'],
      asset.brotli ? BROTLI_OR_GZIP : GZIP_ONLY,
    );
    reply
      .header('content-type', asset.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding');
    if (coding !== 'identity') reply.header('content-encoding', coding);
    return reply.send(coding === 'br' ? asset.brotli : coding === 'gzip' ? asset.gzip : asset.body);
  });
}
