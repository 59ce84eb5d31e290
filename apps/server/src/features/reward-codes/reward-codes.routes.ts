import {
  AssignByCedula,
  CedulaParams,
  CodeExportQuery,
  CodeInput,
  CodeList,
  CodeListQuery,
  CodeParams,
  CodesRevoked,
  CodesSummary,
  DisableCode,
  GenerateCodes,
  GeneratedCodes,
  IdParams,
  Job,
  pageOf,
  RedeemCode,
  Redemption,
  RedemptionListQuery,
  RedemptionRow,
  ReportQuery,
  ReverseRedemption,
  RevokeCodes,
  RewardCode,
  UploadQuery,
  UploadReport,
} from '@promo/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { missGuard } from '../../platform/http/miss-guard.ts';
import { idempotencyKey, sendFile } from '../../platform/http/replies.ts';
import { withUploadedFile } from '../../platform/http/uploads.ts';
import type { FeatureDeps } from '../types.ts';
import { assignByCedula } from './assign-code.ts';
import { exportCodes, listCodes, revokeCodes } from './code-list.service.ts';
import { createCodes, getJob } from './generate-codes.ts';
import { uploadCodes } from './import-codes.ts';
import { lookUpByCedula, lookUpCode } from './look-up-codes.ts';
import { redeemCode, reverseRedemption } from './redemption.service.ts';
import {
  codesReport,
  listRedemptions,
  redemptionsReport,
  redemptionTotalsReport,
} from './reports.service.ts';
import { revokeCode } from './revoke-code.ts';

const ADMIN = ['ADMIN'] as const;
const DESK = ['ADMIN', 'OPERATOR'] as const;
const REPORTERS = ['ADMIN', 'ANALYST', 'OPERATOR'] as const;
const tags = ['reward-codes'];

export function registerRewardCodesRoutes({ app, ctxOf, limits, throttle }: FeatureDeps): void {
  // Brute force: a run of unknown codes from one user (or address) blocks their look-ups a while.
  const misses = throttle('code-miss', 10, 60_000);
  const lookupLimit = { max: limits.publicPerMinute, timeWindow: 60_000 };
  const guardedByKey = missGuard(
    misses,
    (error) => error.code === 'INVALID_PRIZE_CODE' || error.code === 'IDENTITY_INVALID',
  );
  const guarded = <T>(request: FastifyRequest, work: () => Promise<T>) =>
    guardedByKey([request.actor?.userId ?? request.ip], work);

  app.post(
    '/api/reward-codes',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Generate `count` codes (202 with a job for large counts) or create given codes',
        body: GenerateCodes,
        response: { 201: GeneratedCodes, 202: GeneratedCodes },
      },
    },
    async (request, reply) => {
      const result = await createCodes(ctxOf(request), request.body);
      return reply.status(result.status).send(result.body);
    },
  );
  app.post(
    '/api/uploads/reward-codes',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['uploads'],
        summary:
          'CSV of existing codes (multipart: campaignId, file with a `code` column; up to 40 MB); per-row report',
        querystring: UploadQuery,
        response: { 200: UploadReport },
      },
    },
    async (request) =>
      withUploadedFile(request, 'reward-codes', (fields, upload, options) => {
        const campaignId = z.uuid().safeParse(fields.campaignId);
        if (!campaignId.success)
          throw new AppError('VALIDATION_FAILED', [{ path: 'campaignId', code: 'CAMPAIGN_REQUIRED' }]);
        return uploadCodes(ctxOf(request), campaignId.data, upload, options);
      }),
  );
  app.get(
    '/api/jobs/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['jobs'],
        summary: 'A background job and its progress',
        params: IdParams,
        response: { 200: Job },
      },
    },
    async (request) => getJob(ctxOf(request), request.params.id),
  );
  app.post(
    '/api/reward-codes/cedula',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Assign (or return the assigned) code of an identity in a campaign',
        body: AssignByCedula,
        response: { 200: z.object({ code: z.string(), assigned: z.boolean() }) },
      },
    },
    async (request) => assignByCedula(ctxOf(request), request.body.campaignId, request.body.cedula),
  );
  app.post(
    '/api/reward-codes/disable',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Revoke a code (\u2019Code not revoked\u2019 when it cannot be)',
        body: DisableCode,
        response: { 200: z.object({ code: z.string(), status: z.literal('revoked') }) },
      },
    },
    async (request) => revokeCode(ctxOf(request), request.body.code, request.body.reason),
  );
  app.get(
    '/api/reward-codes',
    {
      config: { access: ['ADMIN', 'ANALYST'] },
      schema: {
        tags,
        summary: 'A campaign\u2019s codes, filtered, in code order (keyset: `after` is the last code seen)',
        querystring: CodeListQuery,
        response: { 200: CodeList },
      },
    },
    async (request) => listCodes(ctxOf(request), request.query),
  );
  app.post(
    '/api/reward-codes/revoke',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Revoke a campaign\u2019s available or assigned codes by filter or by a list of codes',
        body: RevokeCodes,
        response: { 200: CodesRevoked },
      },
    },
    async (request) => revokeCodes(ctxOf(request), request.body),
  );
  app.get(
    '/api/reconciliation-reports/reward-codes',
    {
      config: { access: ['ADMIN', 'ANALYST'] },
      schema: {
        tags: ['reconciliation-reports'],
        summary: 'A campaign\u2019s codes (filtered as the list) as CSV or XLSX for printing, streamed',
        querystring: CodeExportQuery,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const file = await exportCodes(ctxOf(request), query, format);
      return sendFile(reply, file.name, format, file.stream);
    },
  );
  app.get(
    '/api/reward-codes/get-by-code/:code',
    {
      config: { access: DESK, rateLimit: lookupLimit },
      schema: { tags, summary: 'Counter look-up by code', params: CodeParams, response: { 200: RewardCode } },
    },
    async (request) =>
      guarded(request, () => lookUpCode(ctxOf(request), CodeInput.parse(request.params.code))),
  );
  app.get(
    '/api/reward-codes/get-by-cedula/:cedula',
    {
      config: { access: DESK, rateLimit: lookupLimit },
      schema: {
        tags,
        summary: 'Counter look-up of a person\u2019s codes',
        params: CedulaParams,
        response: { 200: z.array(RewardCode) },
      },
    },
    async (request) => guarded(request, () => lookUpByCedula(ctxOf(request), request.params.cedula)),
  );
  app.get(
    '/api/reward-codes/:code',
    {
      config: { access: ['ADMIN', 'ANALYST'], rateLimit: lookupLimit },
      schema: {
        tags,
        summary: 'A code\u2019s full state and history',
        params: CodeParams,
        response: { 200: RewardCode },
      },
    },
    async (request) =>
      guarded(request, () => lookUpCode(ctxOf(request), CodeInput.parse(request.params.code))),
  );

  app.post(
    '/api/redeem-codes',
    {
      config: { access: ['OPERATOR'], rateLimit: lookupLimit },
      schema: {
        tags: ['redemption'],
        summary: 'Redeem a code at the operator\u2019s centre (accepts Idempotency-Key)',
        body: RedeemCode,
        response: { 200: Redemption },
      },
    },
    async (request, reply) => {
      const result = await guarded(request, () =>
        redeemCode(ctxOf(request), request.body.code, idempotencyKey(request)),
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return result.body;
    },
  );
  app.post(
    '/api/redemptions/:id/reverse',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['redemption'],
        summary: 'Reverse a redemption with a reason (kept in history)',
        params: IdParams,
        body: ReverseRedemption,
        response: { 200: z.object({ id: z.string(), code: z.string(), reversed: z.literal(true) }) },
      },
    },
    async (request) => reverseRedemption(ctxOf(request), request.params.id, request.body.reason),
  );
  app.get(
    '/api/redemptions',
    {
      config: { access: REPORTERS },
      schema: {
        tags: ['redemption'],
        summary: 'Redemptions, newest first (operators: their centre)',
        querystring: RedemptionListQuery,
        response: { 200: pageOf(RedemptionRow) },
      },
    },
    async (request) => listRedemptions(ctxOf(request), request.query),
  );

  const reportTags = ['reconciliation-reports'];
  app.get(
    '/api/reconciliation-reports/redemptions',
    {
      config: { access: REPORTERS },
      schema: {
        tags: reportTags,
        summary: 'Redemptions by centre and date range (CSV or XLSX, streamed)',
        querystring: ReportQuery,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      return sendFile(reply, 'canjes', format, await redemptionsReport(ctxOf(request), query, format));
    },
  );
  app.get(
    '/api/reconciliation-reports/redemption-totals',
    {
      config: { access: REPORTERS },
      schema: {
        tags: reportTags,
        summary: 'Redemptions per centre and per day, with totals',
        querystring: ReportQuery,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      return sendFile(
        reply,
        'canjes-totales',
        format,
        await redemptionTotalsReport(ctxOf(request), query, format),
      );
    },
  );
  app.get(
    '/api/reconciliation-reports/codes',
    {
      config: { access: ['ADMIN', 'ANALYST'] },
      schema: {
        tags: reportTags,
        summary: 'Codes generated, assigned, redeemed and revoked per campaign',
        querystring: z.object({
          campaignId: z.uuid().optional(),
          format: z.enum(['json', 'csv', 'xlsx']).default('json'),
        }),
        response: { 200: z.array(CodesSummary) },
      },
    },
    async (request, reply) => {
      const { campaignId, format } = request.query;
      const result = await codesReport(ctxOf(request), campaignId, format);
      if (format === 'json') return result as CodesSummary[];
      return sendFile(reply, 'codigos', format, result);
    },
  );
}
