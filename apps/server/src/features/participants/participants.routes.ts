import {
  CrmCreateUser,
  CrmUserInfo,
  CrmUserInfoQuery,
  IdParams,
  Participant,
  ParticipantListQuery,
  PersonExport,
  pageOf,
  UploadQuery,
  UploadReport,
} from '@promo/contract';
import { z } from 'zod';
import { attachment } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { withUploadedFile } from '../../platform/http/uploads.ts';
import { xlsxAttachment } from '../../platform/xlsx.ts';
import type { FeatureDeps } from '../types.ts';
import {
  createCrmUser,
  erasePerson,
  exportParticipants,
  exportPerson,
  getUserInfo,
  listParticipants,
  uploadParticipants,
} from './participants.service.ts';

const READERS = ['ADMIN', 'ANALYST'] as const;
const ADMIN = ['ADMIN'] as const;
const tags = ['crm'];

export function registerParticipantsRoutes({ app, ctxOf }: FeatureDeps): void {
  app.get(
    '/api/participants',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'People of the tenant (masked for analysts)',
        querystring: ParticipantListQuery,
        response: { 200: pageOf(Participant) },
      },
    },
    async (request) => listParticipants(ctxOf(request), request.query),
  );
  app.get(
    '/api/participants/export',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'All people as CSV or XLSX (audited)',
        querystring: z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }),
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const stream = await exportParticipants(ctxOf(request), format);
      return reply
        .headers(format === 'xlsx' ? xlsxAttachment('participantes.xlsx') : attachment('participantes.csv'))
        .send(stream);
    },
  );
  app.get(
    '/api/participants/:id/export',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Everything held about one person (audited)',
        params: IdParams,
        response: { 200: PersonExport },
      },
    },
    async (request) => exportPerson(ctxOf(request), request.params.id),
  );
  app.delete(
    '/api/participants/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Erase a person’s personal data',
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await erasePerson(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/crm/user-info',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'A person by identity number, with their participations',
        querystring: CrmUserInfoQuery,
        response: { 200: CrmUserInfo },
      },
    },
    async (request) => getUserInfo(ctxOf(request), request.query.cedula),
  );
  app.post(
    '/api/crm/create-user',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Create a person', body: CrmCreateUser, response: { 201: Participant } },
    },
    async (request, reply) => reply.status(201).send(await createCrmUser(ctxOf(request), request.body)),
  );
  app.post(
    '/api/uploads/participants',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['uploads'],
        summary: 'CSV of people (multipart: countryCode, file); per-row report',
        querystring: UploadQuery,
        response: { 200: UploadReport },
      },
    },
    async (request) =>
      withUploadedFile(request, 'participants', (fields, upload, options) => {
        const countryCode = fields.countryCode ?? '';
        if (!/^[A-Z]{2}$/.test(countryCode))
          throw new AppError('VALIDATION_FAILED', [{ path: 'countryCode', code: 'FIELD_REQUIRED' }]);
        return uploadParticipants(ctxOf(request), countryCode, upload, options);
      }),
  );
}
