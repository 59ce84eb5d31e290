import {
  BatchCodesQuery,
  CreateRedeemCodeBatch,
  ExpirePoints,
  IdParams,
  JobQueued,
  PersonLedgerQuery,
  PersonPoints,
  PointsAccount,
  PointsAccountQuery,
  PointsAdjusted,
  PointsAdjustment,
  PointsReportQuery,
  PointsSummary,
  pageOf,
  RedeemCodeBatch,
  RedeemCodeBatchCreated,
  RedeemCodeBatchListQuery,
  RedeemCodeUploadFields,
  RedeemCodeUploadResult,
  UploadQuery,
} from '@promo/contract';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { idempotencyKey, sendFile } from '../../platform/http/replies.ts';
import { withUploadedFile } from '../../platform/http/uploads.ts';
import type { FeatureDeps } from '../types.ts';
import { adjustPoints, listAccounts, personPoints } from './points-accounts.service.ts';
import { queueExpiry } from './points-expiry.service.ts';
import { pointsReport } from './points-report.service.ts';
import { createBatch, exportBatchCodes, getBatch, listBatches, uploadBatch } from './redeem-codes.service.ts';

const ADMIN = ['ADMIN'] as const;
const READERS = ['ADMIN', 'ANALYST'] as const;
const tags = ['points'];

export function registerPointsRoutes({ app, ctxOf }: FeatureDeps): void {
  app.get(
    '/api/points/accounts',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Balances per person and campaign',
        querystring: PointsAccountQuery,
        response: { 200: pageOf(PointsAccount) },
      },
    },
    async (request) => listAccounts(ctxOf(request), request.query),
  );
  app.get(
    '/api/points/people/:id',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'A person’s balances and ledger, newest first (id: participant)',
        params: IdParams,
        querystring: PersonLedgerQuery,
        response: { 200: PersonPoints },
      },
    },
    async (request) => personPoints(ctxOf(request), request.params.id, request.query),
  );
  app.post(
    '/api/points/adjustments',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Adjust a balance with a reason (accepts Idempotency-Key)',
        body: PointsAdjustment,
        response: { 201: PointsAdjusted },
      },
    },
    async (request, reply) => {
      const result = await adjustPoints(ctxOf(request), request.body, idempotencyKey(request));
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body as z.infer<typeof PointsAdjusted>);
    },
  );
  app.post(
    '/api/points/expire',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Run the expiry of points by campaign policy now (a job)',
        body: ExpirePoints,
        response: { 202: JobQueued },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await queueExpiry(ctxOf(request), request.body.campaignId)),
  );

  const codeTags = ['redeem-codes'];
  app.post(
    '/api/redeem-code-batches',
    {
      config: { access: ADMIN },
      schema: {
        tags: codeTags,
        summary: 'Generate a batch of redeem codes worth points or a product',
        body: CreateRedeemCodeBatch,
        response: { 201: RedeemCodeBatchCreated },
      },
    },
    async (request, reply) => reply.status(201).send(await createBatch(ctxOf(request), request.body)),
  );
  app.get(
    '/api/redeem-code-batches',
    {
      config: { access: READERS },
      schema: {
        tags: codeTags,
        summary: 'Redeem-code batches, newest first',
        querystring: RedeemCodeBatchListQuery,
        response: { 200: pageOf(RedeemCodeBatch) },
      },
    },
    async (request) => listBatches(ctxOf(request), request.query),
  );
  app.get(
    '/api/redeem-code-batches/:id',
    {
      config: { access: READERS },
      schema: { tags: codeTags, summary: 'A batch', params: IdParams, response: { 200: RedeemCodeBatch } },
    },
    async (request) => getBatch(ctxOf(request), request.params.id),
  );
  app.get(
    '/api/redeem-code-batches/:id/codes',
    {
      config: { access: ADMIN },
      schema: {
        tags: codeTags,
        summary: 'A batch’s codes (CSV or XLSX download)',
        params: IdParams,
        querystring: BatchCodesQuery,
      },
    },
    async (request, reply) => {
      const file = await exportBatchCodes(ctxOf(request), request.params.id, request.query.format);
      return sendFile(reply, file.name, request.query.format, file.stream);
    },
  );
  app.post(
    '/api/uploads/redeem-codes',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['uploads'],
        summary:
          'CSV of redeem codes (multipart: campaignId, points or productId, name?, then file with `code`; up to 40 MB)',
        querystring: UploadQuery,
        response: { 200: RedeemCodeUploadResult },
      },
    },
    async (request) =>
      withUploadedFile(request, 'redeem-codes', (fields, upload, options) => {
        const parsed = RedeemCodeUploadFields.safeParse(fields);
        if (!parsed.success)
          throw new AppError(
            'VALIDATION_FAILED',
            parsed.error.issues.map((i) => ({
              path: i.path.join('.'),
              code: i.message === 'REDEEM_BATCH_VALUE' ? 'REDEEM_BATCH_VALUE' : 'FIELD_INVALID',
            })),
          );
        return uploadBatch(ctxOf(request), parsed.data, upload, options);
      }),
  );

  app.get(
    '/api/reconciliation-reports/points',
    {
      config: { access: READERS },
      schema: {
        tags: ['reconciliation-reports'],
        summary: 'Points issued, spent and expired per campaign (json, CSV or XLSX)',
        querystring: PointsReportQuery,
        response: { 200: z.array(PointsSummary) },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const result = await pointsReport(ctxOf(request), query, format);
      if (format === 'json') return result as PointsSummary[];
      return sendFile(reply, 'puntos', format, result);
    },
  );
}
