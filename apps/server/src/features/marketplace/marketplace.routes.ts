import {
  CreateMarketplace,
  IdParams,
  Marketplace,
  MarketplaceListQuery,
  Order,
  OrderListQuery,
  OrderReportQuery,
  PublicMarketplace,
  pageOf,
  UpdateMarketplace,
} from '@promo/contract';
import { z } from 'zod';
import { sendFile } from '../../platform/http/replies.ts';
import type { FeatureDeps } from '../types.ts';
import {
  createMarketplace,
  deleteMarketplace,
  getMarketplace,
  listMarketplaces,
  previewMarketplace,
  updateMarketplace,
} from './marketplaces.service.ts';
import { listOrders, ordersReport, orderTotalsReport } from './order-reports.service.ts';

const ADMIN = ['ADMIN'] as const;
const READERS = ['ADMIN', 'ANALYST'] as const;
const REPORTERS = ['ADMIN', 'ANALYST', 'OPERATOR'] as const;
const tags = ['marketplaces'];

import { registerCustomerRoutes } from './customer.routes.ts';

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

  registerCustomerRoutes({ app, ctxOf, limits, throttle });
}
