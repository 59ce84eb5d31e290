import {
  CustomerAuthChallenge,
  CustomerAuthRequest,
  CustomerAuthVerify,
  CustomerCampaignParams,
  CustomerMarketplaceParams,
  CustomerSession,
  CustomerTransactions,
  CustomerTransactionsQuery,
  MarketplaceCodeRedeemed,
  ProductRedeemed,
  PublicMarketplace,
  RedeemMarketplaceCode,
  RedeemProduct,
} from '@promo/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { idempotencyKey } from '../../platform/http/replies.ts';
import { noSoonerThan } from '../../platform/no-sooner-than.ts';
import { SIGN_IN_POLICY } from '../auth/index.ts';
import type { FeatureDeps } from '../types.ts';
import {
  type AuthPurpose,
  customerScope,
  OTP_ANSWER_FLOOR_MS,
  requestCode,
  verifyCode,
} from './customer-auth.ts';
import { customerMarketplace, customerTransactions } from './customer-pages.service.ts';
import { customerOf } from './customer-token.ts';
import { redeemMarketplaceCode, redeemProduct } from './redeem-product.ts';

/**
 * The end customer's API (no back-office token): sign-in by a one-time code, then the
 * marketplace, redemptions and transactions with the end-customer token.
 */
export function registerCustomerRoutes({
  app,
  ctxOf,
  limits,
  throttle,
}: Pick<FeatureDeps, 'app' | 'ctxOf' | 'limits' | 'throttle'>): void {
  const publicLimit = { max: limits.publicPerMinute, timeWindow: 60_000 };
  // per identity, whatever the address: five codes per ten minutes (the person's inbox) and ten
  // guesses (a code dies at its fifth wrong one); wrong codes also count per identity and address in
  // verifyCode. Both answer alike whether or not the person exists, and no sooner than the floor.
  const codeRequests = throttle('customer-otp', 5, 600_000);
  const codeGuesses = throttle('customer-otp-guess', 10, 600_000);
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
        return noSoonerThan(OTP_ANSWER_FLOOR_MS, () =>
          requestCode(ctxOf(request), tenant, campaign, request.body.cedula, purpose),
        );
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
        if (!(await codeGuesses.hit(`${tenant}:${cedula}`))) throw new AppError('RATE_LIMITED');
        return noSoonerThan(OTP_ANSWER_FLOOR_MS, () =>
          verifyCode(ctxOf(request), tenant, campaign, cedula, code, purpose, signInPolicy),
        );
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
  // one service under two names: the spec's `marketplaces/redeem-product` and the legacy path
  for (const path of ['/api/marketplaces/redeem-product', '/api/users/reward-codes/product']) {
    app.post(
      path,
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
  }
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
