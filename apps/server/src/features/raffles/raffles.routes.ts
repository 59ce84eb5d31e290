import {
  DrawQuery,
  DrawResult,
  IdParams,
  PointsByIdentification,
  PointsQuery,
  Redraw,
  WinnersReportQuery,
} from '@promo/contract';
import { attachment } from '../../platform/csv.ts';
import { xlsxAttachment } from '../../platform/xlsx.ts';
import type { FeatureDeps } from '../types.ts';
import { drawWinners, redraw } from './draw-winners.ts';
import {
  certificateHtml,
  drawEntriesCsv,
  getDraw,
  pointsByIdentification,
  winnersReport,
} from './raffles.service.ts';

const ADMIN = ['ADMIN'] as const;
const READERS = ['ADMIN', 'ANALYST'] as const;
const tags = ['raffles'];

export function registerRafflesRoutes({ app, ctxOf }: FeatureDeps): void {
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
    async (request, reply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(certificateHtml(await getDraw(ctxOf(request), request.params.id))),
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
}
