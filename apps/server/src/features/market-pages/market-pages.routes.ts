import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicPage } from '../landings/index.ts';
import type { FeatureDeps } from '../types.ts';
import type { MarketPageKind } from './market-html.ts';
import { marketPage, type PagePath } from './market-pages.service.ts';

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
      const page = await marketPage(ctxOf(request), kind, request.params as PagePath, assets.url('market'));
      return send(reply, page);
    });
  }
}
