import {
  Commitment,
  CommitmentDraw,
  CreateCommitment,
  CreatedRaffleCodes,
  CreateRaffleCodes,
  DrawQuery,
  DrawResult,
  DrawSummary,
  EntriesExportQuery,
  EntriesQuery,
  EntryRow,
  IdParams,
  PointsByIdentification,
  PointsQuery,
  pageOf,
  RaffleForm,
  RaffleFormResult,
  Redraw,
  UploadQuery,
  UploadReport,
  ValidateRaffleCode,
  ValidRaffleCode,
  VERIFY_DRAW_PATH,
  WinnersReportQuery,
} from '@promo/contract';
import { z } from 'zod';
import { attachment } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { missGuard } from '../../platform/http/miss-guard.ts';
import { idempotencyKey } from '../../platform/http/replies.ts';
import { withUploadedFile } from '../../platform/http/uploads.ts';
import { xlsxAttachment } from '../../platform/xlsx.ts';
import type { FeatureDeps } from '../types.ts';
import { createCommitment, drawCommitment, listCommitments } from './commitments.service.ts';
import { drawWinners, redraw } from './draw-winners.ts';
import {
  createRaffleCodes,
  submitRaffleForm,
  uploadRaffleCodes,
  validateRaffleCode,
} from './raffle-codes.service.ts';
import {
  certificateHtml,
  drawEntriesCsv,
  entriesExport,
  getDraw,
  listDraws,
  listEntries,
  pointsByIdentification,
  winnersReport,
} from './raffles.service.ts';

const ADMIN = ['ADMIN'] as const;
const READERS = ['ADMIN', 'ANALYST'] as const;
const tags = ['raffles'];

export function registerRafflesRoutes({
  app,
  ctxOf,
  limits,
  throttle,
  participationKinds,
}: FeatureDeps): void {
  // Brute force: a run of unknown codes from one address (or for one identity) blocks it a while.
  const misses = throttle('raffle-code-miss', 10, 60_000);
  const guarded = missGuard(
    misses,
    (error) =>
      error.code === 'INVALID_PRIZE_CODE' ||
      (error.code === 'VALIDATION_FAILED' && error.details.some((d) => d.code === 'INVALID_PRIZE_CODE')),
  );

  app.post(
    '/api/raffle-codes',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Generate `count` raffle codes or store given ones (each worth `points` entries)',
        body: CreateRaffleCodes,
        response: { 201: CreatedRaffleCodes },
      },
    },
    async (request, reply) => reply.status(201).send(await createRaffleCodes(ctxOf(request), request.body)),
  );
  app.post(
    '/api/uploads/raffle-codes',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['uploads'],
        summary:
          'CSV of raffle codes (multipart: campaignId, file with `code` and optional `points`; up to 40 MB); per-row report',
        querystring: UploadQuery,
        response: { 200: UploadReport },
      },
    },
    async (request) =>
      withUploadedFile(request, 'raffle-codes', (fields, upload, options) => {
        const campaignId = z.uuid().safeParse(fields.campaignId);
        if (!campaignId.success)
          throw new AppError('VALIDATION_FAILED', [{ path: 'campaignId', code: 'CAMPAIGN_REQUIRED' }]);
        return uploadRaffleCodes(ctxOf(request), campaignId.data, upload, options);
      }),
  );
  app.post(
    '/api/raffle-codes/validate',
    {
      config: { access: 'public', rateLimit: { max: limits.publicPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Check one raffle code before submitting the form (throttled on misses)',
        body: ValidateRaffleCode,
        response: { 200: ValidRaffleCode },
      },
    },
    async (request) => guarded([`ip:${request.ip}`], () => validateRaffleCode(ctxOf(request), request.body)),
  );
  app.post(
    '/api/forms/raffle',
    {
      config: { access: 'public', rateLimit: { max: limits.participationsPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          'Raffle form: answers and raffle codes; each valid code adds its entries (accepts Idempotency-Key)',
        body: RaffleForm,
        response: { 201: RaffleFormResult },
      },
    },
    async (request, reply) => {
      const cedula = request.body.answers.cedula;
      const keys = [
        `ip:${request.ip}`,
        ...(typeof cedula === 'string' ? [`id:${request.body.tenant}:${cedula.slice(0, 40)}`] : []),
      ];
      const result = await guarded(keys, () =>
        submitRaffleForm(ctxOf(request), participationKinds, request.body, {
          userAgent: request.headers['user-agent'],
          idempotencyKey: idempotencyKey(request),
        }),
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/raffle/select-winner/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Draw one winner of raffle campaign `id` (recorded)',
        params: IdParams,
        response: { 200: DrawResult },
      },
    },
    async (request) =>
      drawWinners(ctxOf(request), request.params.id, DrawQuery.parse({ count: 1, alternates: 0 })),
  );
  app.get(
    '/api/raffle/select-winners/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Draw winners and ranked alternates of raffle campaign `id` (recorded, verifiable)',
        params: IdParams,
        querystring: DrawQuery,
        response: { 200: DrawResult },
      },
    },
    async (request) => drawWinners(ctxOf(request), request.params.id, request.query),
  );
  app.get(
    '/api/raffle/draws/:id',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'A recorded draw and its certificate (JSON)',
        params: IdParams,
        response: { 200: DrawResult },
      },
    },
    async (request) => getDraw(ctxOf(request), request.params.id),
  );
  app.get(
    '/api/raffle/draws/:id/certificate',
    {
      config: { access: READERS },
      schema: { tags, summary: 'The certificate of a draw as a printable page', params: IdParams },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(
          certificateHtml(
            await getDraw(ctx, request.params.id),
            `${ctx.config.publicBaseUrl}${VERIFY_DRAW_PATH}`,
          ),
        );
    },
  );
  app.get(
    '/api/raffle/draws/:id/entries',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'The frozen entry list of a draw (CSV hashed by the certificate)',
        params: IdParams,
      },
    },
    async (request, reply) =>
      reply
        .headers(attachment(`entries-${request.params.id}.csv`))
        .send(await drawEntriesCsv(ctxOf(request), request.params.id)),
  );
  app.post(
    '/api/raffle/draws/:id/redraw',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Disqualify a winner: a new recorded draw where the next alternate takes the place',
        params: IdParams,
        body: Redraw,
        response: { 201: DrawResult },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await redraw(ctxOf(request), request.params.id, request.body)),
  );
  app.get(
    '/api/raffle/winners/:id',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Winners and alternates of the standing draws of campaign `id` (CSV or XLSX)',
        params: IdParams,
        querystring: WinnersReportQuery,
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const stream = await winnersReport(ctxOf(request), request.params.id, format);
      return reply
        .headers(format === 'xlsx' ? xlsxAttachment('winners.xlsx') : attachment('winners.csv'))
        .send(stream);
    },
  );
  app.get(
    '/api/raffle/points-by-identification',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Raffle entries and points of an identity number',
        querystring: PointsQuery,
        response: { 200: PointsByIdentification },
      },
    },
    async (request) => pointsByIdentification(ctxOf(request), request.query.cedula, request.query.campaignId),
  );

  app.get(
    '/api/raffle/campaigns/:id/entries',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Entries of raffle campaign `id`, newest first; `q` searches identity number or name',
        params: IdParams,
        querystring: EntriesQuery,
        response: { 200: pageOf(EntryRow) },
      },
    },
    async (request) => listEntries(ctxOf(request), request.params.id, request.query),
  );
  app.get(
    '/api/raffle/campaigns/:id/entries/export',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Entries of raffle campaign `id` (CSV or XLSX, streamed; `q` as in the list)',
        params: IdParams,
        querystring: EntriesExportQuery,
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const stream = await entriesExport(ctxOf(request), request.params.id, request.query);
      return reply
        .headers(
          format === 'xlsx' ? xlsxAttachment('participaciones.xlsx') : attachment('participaciones.csv'),
        )
        .send(stream);
    },
  );
  app.get(
    '/api/raffle/campaigns/:id/draws',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Recorded draws of raffle campaign `id`, newest first',
        params: IdParams,
        response: { 200: z.object({ items: z.array(DrawSummary) }) },
      },
    },
    async (request) => listDraws(ctxOf(request), request.params.id),
  );
  app.get(
    '/api/raffle/campaigns/:id/commitments',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Seed commitments of raffle campaign `id` (the secret itself is never shown)',
        params: IdParams,
        response: { 200: z.object({ items: z.array(Commitment) }) },
      },
    },
    async (request) => listCommitments(ctxOf(request), request.params.id),
  );
  app.post(
    '/api/raffle/campaigns/:id/commitments',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary:
          'Record a seed commitment before the draw: freezes and hashes the entry list; a server secret (its SHA-256 shown) or a named public future value',
        params: IdParams,
        body: CreateCommitment,
        response: { 201: Commitment },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCommitment(ctxOf(request), request.params.id, request.body)),
  );
  app.post(
    '/api/raffle/commitments/:id/draw',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Draw from a recorded commitment: reveals the seed (or takes the public value) once',
        params: IdParams,
        body: CommitmentDraw,
        response: { 201: DrawResult },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await drawCommitment(ctxOf(request), request.params.id, request.body)),
  );
}
