import {
  CreateMarketplace,
  CustomerAuthChallenge,
  CustomerAuthRequest,
  CustomerAuthVerify,
  CustomerCampaignParams,
  CustomerMarketplaceParams,
  CustomerSession,
  CustomerTransactions,
  CustomerTransactionsQuery,
  IdParams,
  Marketplace,
  MarketplaceCodeRedeemed,
  MarketplaceListQuery,
  Order,
  OrderListQuery,
  OrderReportQuery,
  ProductRedeemed,
  PublicMarketplace,
  pageOf,
  RedeemMarketplaceCode,
  RedeemProduct,
  UpdateMarketplace,
} from '@promo/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { idempotencyKey, sendFile } from '../../platform/http/replies.ts';
import { SIGN_IN_POLICY } from '../auth/index.ts';
import type { FeatureDeps } from '../types.ts';
import { type AuthPurpose, customerScope, requestCode, verifyCode } from './customer-auth.ts';
import { customerMarketplace, customerTransactions } from './customer-pages.service.ts';
import { customerOf } from './customer-token.ts';
import {
  createMarketplace,
  deleteMarketplace,
  getMarketplace,
  listMarketplaces,
  previewMarketplace,
  updateMarketplace,
} from './marketplaces.service.ts';
import { listOrders, ordersReport, orderTotalsReport } from './order-reports.service.ts';
import { redeemMarketplaceCode, redeemProduct } from './redeem-product.ts';

const ADMIN = ['ADMIN'] as const;
const READERS = ['ADMIN', 'ANALYST'] as const;
const REPORTERS = ['ADMIN', 'ANALYST', 'OPERATOR'] as const;
const tags = ['marketplaces'];

export function registerMarketplaceRoutes({ app, ctxOf, limits, throttle }: FeatureDeps): void {
  app.get(
    '/api/marketplaces',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Marketplaces',
        querystring: MarketplaceListQuery,
        response: { 200: pageOf(Marketplace) },
      },
    },
    async (request) => listMarketplaces(ctxOf(request), request.query),
  );
  app.post(
    '/api/marketplaces',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Create a marketplace',
        body: CreateMarketplace,
        response: { 201: Marketplace },
      },
    },
    async (request, reply) => reply.status(201).send(await createMarketplace(ctxOf(request), request.body)),
  );
  app.get(
    '/api/marketplaces/:id',
    {
      config: { access: READERS },
      schema: { tags, summary: 'A marketplace', params: IdParams, response: { 200: Marketplace } },
    },
    async (request) => getMarketplace(ctxOf(request), request.params.id),
  );
  app.patch(
    '/api/marketplaces/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Update a marketplace',
        params: IdParams,
        body: UpdateMarketplace,
        response: { 200: Marketplace },
      },
    },
    async (request) => updateMarketplace(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/marketplaces/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Delete a marketplace without orders',
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteMarketplace(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/marketplaces/:id/preview',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'What the public page shows (no person, no balance)',
        params: IdParams,
        response: { 200: PublicMarketplace },
      },
    },
    async (request) => previewMarketplace(ctxOf(request), request.params.id),
  );

  app.get(
    '/api/orders',
    {
      config: { access: REPORTERS },
      schema: {
        tags: ['orders'],
        summary: 'Orders, newest first (operators: their shop)',
        querystring: OrderListQuery,
        response: { 200: pageOf(Order) },
      },
    },
    async (request) => listOrders(ctxOf(request), request.query),
  );
  app.get(
    '/api/reconciliation-reports/orders',
    {
      config: { access: REPORTERS },
      schema: {
        tags: ['reconciliation-reports'],
        summary: 'Orders, one line each (CSV or XLSX)',
        querystring: OrderReportQuery,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      return sendFile(reply, 'pedidos', format, await ordersReport(ctxOf(request), query, format));
    },
  );
  app.get(
    '/api/reconciliation-reports/order-totals',
    {
      config: { access: REPORTERS },
      schema: {
        tags: ['reconciliation-reports'],
        summary: 'Orders, points and pick-ups per shop and product (CSV or XLSX)',
        querystring: OrderReportQuery,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      return sendFile(
        reply,
        'pedidos-por-tienda',
        format,
        await orderTotalsReport(ctxOf(request), query, format),
      );
    },
  );

  // --- the end customer (no back-office token) -------------------------------------------
  const publicLimit = { max: limits.publicPerMinute, timeWindow: 60_000 };
  // per identity: five codes per ten minutes, whatever the address (the person's inbox); wrong
  // codes are counted per identity and address in verifyCode, so that no one can lock anyone out
  const codeRequests = throttle('customer-otp', 5, 600_000);
  const signInPolicy = { ...SIGN_IN_POLICY, ...limits.signIn };
  const publicTags = ['marketplace (public)'];

  for (const [family, purpose] of [
    ['marketplace-authentication', 'marketplace'],
    ['transactions-authentication', 'transactions'],
  ] as Array<[string, AuthPurpose]>) {
    app.post(
      `/api/public/:tenant/${family}/:campaign`,
      {
        config: { access: 'public', rateLimit: publicLimit },
        schema: {
          tags: publicTags,
          summary: 'Send a one-time code to the person of this identity number',
          params: CustomerCampaignParams,
          body: CustomerAuthRequest,
          response: { 200: CustomerAuthChallenge },
        },
      },
      async (request) => {
        const { tenant, campaign } = request.params;
        if (!(await codeRequests.hit(`${tenant}:${request.body.cedula}`))) throw new AppError('RATE_LIMITED');
        return requestCode(ctxOf(request), tenant, campaign, request.body.cedula, purpose);
      },
    );
    app.post(
      `/api/public/:tenant/${family}/:campaign/verify`,
      {
        config: { access: 'public', rateLimit: publicLimit },
        schema: {
          tags: publicTags,
          summary: 'Check the one-time code; answers the end-customer token',
          params: CustomerCampaignParams,
          body: CustomerAuthVerify,
          response: { 200: CustomerSession },
        },
      },
      async (request) => {
        const { tenant, campaign } = request.params;
        const { cedula, code } = request.body;
        return verifyCode(ctxOf(request), tenant, campaign, cedula, code, purpose, signInPolicy);
      },
    );
  }

  async function customerIn(request: FastifyRequest, params: { tenant: string; campaign: string }) {
    const ctx = ctxOf(request);
    const claims = await customerOf(ctx, request);
    await customerScope(ctx, claims, params.tenant, params.campaign);
    return { ctx, claims };
  }

  app.get(
    '/api/public/:tenant/marketplace/:campaign/:id',
    {
      config: { access: 'public', rateLimit: publicLimit },
      schema: {
        tags: publicTags,
        summary: 'The product list with the person’s balance (end-customer token)',
        params: CustomerMarketplaceParams,
        response: { 200: PublicMarketplace },
      },
    },
    async (request) => {
      const { ctx, claims } = await customerIn(request, request.params);
      return customerMarketplace(ctx, claims, request.params.id);
    },
  );
  app.post(
    '/api/users/reward-codes/product',
    {
      config: { access: 'public', rateLimit: publicLimit },
      schema: {
        tags: publicTags,
        summary: 'Redeem a product with points or a code (end-customer token; accepts Idempotency-Key)',
        body: RedeemProduct,
        response: { 201: ProductRedeemed },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const claims = await customerOf(ctx, request);
      const result = await redeemProduct(ctx, claims, request.body, idempotencyKey(request));
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );
  app.post(
    '/api/public/:tenant/marketplace-code/:campaign/:id',
    {
      config: { access: 'public', rateLimit: publicLimit },
      schema: {
        tags: publicTags,
        summary: 'Redeem a code for points or a product (end-customer token; accepts Idempotency-Key)',
        params: CustomerMarketplaceParams,
        body: RedeemMarketplaceCode,
        response: { 200: MarketplaceCodeRedeemed },
      },
    },
    async (request, reply) => {
      const { ctx, claims } = await customerIn(request, request.params);
      const result = await redeemMarketplaceCode(
        ctx,
        claims,
        request.params.id,
        request.body,
        idempotencyKey(request),
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(200).send(result.body);
    },
  );
  app.get(
    '/api/public/:tenant/transactions/:campaign/:id',
    {
      config: { access: 'public', rateLimit: publicLimit },
      schema: {
        tags: publicTags,
        summary: 'The person’s transactions, newest first, with balance (id: the person, end-customer token)',
        params: CustomerMarketplaceParams,
        querystring: CustomerTransactionsQuery,
        response: { 200: CustomerTransactions },
      },
    },
    async (request) => {
      const { ctx, claims } = await customerIn(request, request.params);
      if (request.params.id !== claims.participantId) throw new AppError('NOT_FOUND');
      return customerTransactions(ctx, claims, request.query);
    },
  );
}
