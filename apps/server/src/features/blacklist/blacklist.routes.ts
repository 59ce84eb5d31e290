import {
  BlacklistEntry,
  BlacklistListQuery,
  CreateBlacklistEntry,
  IdParams,
  pageOf,
  UploadQuery,
  UploadReport,
} from '@promo/contract';
import { z } from 'zod';
import { withUploadedFile } from '../../platform/http/uploads.ts';
import type { FeatureDeps } from '../types.ts';
import {
  addToBlacklist,
  findBlacklistEntries,
  removeFromBlacklist,
  uploadBlacklist,
} from './blacklist.service.ts';

const tags = ['blacklist'];
const ADMIN = ['ADMIN'] as const;

export function registerBlacklistRoutes({ app, ctxOf }: FeatureDeps): void {
  app.get(
    '/api/blacklist',
    {
      config: { access: ['ADMIN', 'ANALYST'] },
      schema: {
        tags,
        summary: 'Blacklist entries',
        querystring: BlacklistListQuery,
        response: { 200: pageOf(BlacklistEntry) },
      },
    },
    async (request) => findBlacklistEntries(ctxOf(request), request.query),
  );
  app.post(
    '/api/blacklist',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Add an identity number, phone or e-mail',
        body: CreateBlacklistEntry,
        response: { 201: BlacklistEntry },
      },
    },
    async (request, reply) => reply.status(201).send(await addToBlacklist(ctxOf(request), request.body)),
  );
  app.post(
    '/api/uploads/blacklist',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['uploads'],
        summary: 'CSV of blacklist entries (kind,value,reason,campaign); per-row report',
        querystring: UploadQuery,
        response: { 200: UploadReport },
      },
    },
    async (request) =>
      withUploadedFile(request, 'blacklist', (_fields, upload, options) =>
        uploadBlacklist(ctxOf(request), upload, options),
      ),
  );
  app.delete(
    '/api/blacklist/:id',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Remove an entry', params: IdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await removeFromBlacklist(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
