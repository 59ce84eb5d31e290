import {
  CreateProduct,
  IdParams,
  Lot,
  LotListQuery,
  LotSetup,
  LotsCreated,
  Product,
  ProductListQuery,
  pageOf,
  UpdateProduct,
  UploadQuery,
  UploadReport,
} from '@promo/contract';
import { z } from 'zod';
import { withUploadedFile } from '../../platform/http/uploads.ts';
import type { FeatureDeps } from '../types.ts';
import { createLots, listLots } from './lots.service.ts';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  updateProduct,
  uploadProductCodes,
} from './products.service.ts';

const ADMIN = ['ADMIN'] as const;
const READERS = ['ADMIN', 'ANALYST'] as const;
const tags = ['products'];

export function registerProductsRoutes({ app, ctxOf }: FeatureDeps): void {
  app.get(
    '/api/products',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Products',
        querystring: ProductListQuery,
        response: { 200: pageOf(Product) },
      },
    },
    async (request) => listProducts(ctxOf(request), request.query),
  );
  app.post(
    '/api/products',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Create a product', body: CreateProduct, response: { 201: Product } },
    },
    async (request, reply) => reply.status(201).send(await createProduct(ctxOf(request), request.body)),
  );
  app.get(
    '/api/products/:id',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'A product with its codes and stock per shop',
        params: IdParams,
        response: { 200: Product },
      },
    },
    async (request) => getProduct(ctxOf(request), request.params.id),
  );
  app.patch(
    '/api/products/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Update a product',
        params: IdParams,
        body: UpdateProduct,
        response: { 200: Product },
      },
    },
    async (request) => updateProduct(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/products/:id',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Delete an unused product', params: IdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteProduct(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/api/products/:id/codes',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['uploads'],
        summary:
          'CSV of a digital product’s codes (multipart file with a `code` column; up to 40 MB); per-row report',
        params: IdParams,
        querystring: UploadQuery,
        response: { 200: UploadReport },
      },
    },
    async (request) =>
      uploadProductCodes(ctxOf(request), request.params.id, (use) =>
        withUploadedFile(request, 'product-codes', (_fields, upload, options) => use(upload, options)),
      ),
  );
  app.get(
    '/api/product-lots',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Lots (of one product)',
        querystring: LotListQuery,
        response: { 200: z.object({ items: z.array(Lot) }) },
      },
    },
    async (request) => listLots(ctxOf(request), request.query.productId),
  );
  app.post(
    '/api/product-lots',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'A lot setup: lots of products placed in shops (stock per shop follows)',
        body: LotSetup,
        response: { 201: LotsCreated },
      },
    },
    async (request, reply) => reply.status(201).send(await createLots(ctxOf(request), request.body)),
  );
}
