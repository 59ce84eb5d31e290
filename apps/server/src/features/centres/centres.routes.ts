import {
  Centre,
  CentreGroup,
  CentreGroupInput,
  CentreListQuery,
  CreateCentre,
  IdParams,
  pageOf,
  UpdateCentre,
  UploadQuery,
  UploadReport,
} from '@promo/contract';
import { z } from 'zod';
import { withUploadedFile } from '../../platform/http/uploads.ts';
import type { FeatureDeps } from '../types.ts';
import {
  createCentre,
  createCentreGroup,
  deleteCentre,
  deleteCentreGroup,
  getCentre,
  getCentreGroup,
  listCentreGroups,
  listCentres,
  updateCentre,
  updateCentreGroup,
  uploadCentres,
} from './centres.service.ts';

const READERS = ['ADMIN', 'ANALYST', 'OPERATOR'] as const;
const ADMIN = ['ADMIN'] as const;
const tags = ['redemption-centres'];
const noContent = { 204: z.null() };

export function registerCentresRoutes({ app, ctxOf }: FeatureDeps): void {
  app.get(
    '/api/redemption-centres',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Redemption centres',
        querystring: CentreListQuery,
        response: { 200: pageOf(Centre) },
      },
    },
    async (request) => listCentres(ctxOf(request), request.query),
  );
  app.post(
    '/api/redemption-centres',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Create a centre', body: CreateCentre, response: { 201: Centre } },
    },
    async (request, reply) => reply.status(201).send(await createCentre(ctxOf(request), request.body)),
  );
  app.get(
    '/api/redemption-centres/:id',
    {
      config: { access: READERS },
      schema: { tags, summary: 'A centre', params: IdParams, response: { 200: Centre } },
    },
    async (request) => getCentre(ctxOf(request), request.params.id),
  );
  app.patch(
    '/api/redemption-centres/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Update a centre',
        params: IdParams,
        body: UpdateCentre,
        response: { 200: Centre },
      },
    },
    async (request) => updateCentre(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/redemption-centres/:id',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Delete a centre without redemptions', params: IdParams, response: noContent },
    },
    async (request, reply) => {
      await deleteCentre(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/api/uploads/redemption-centres',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['uploads'],
        summary:
          'CSV of centres (code,name,address,department,latitude,longitude,phone,hours,active); per-row report',
        querystring: UploadQuery,
        response: { 200: UploadReport },
      },
    },
    async (request) =>
      withUploadedFile(request, 'centres', (_fields, upload, options) =>
        uploadCentres(ctxOf(request), upload, options),
      ),
  );

  const groupTags = ['redemption-centre-groups'];
  app.get(
    '/api/redemption-centre-groups',
    {
      config: { access: READERS },
      schema: { tags: groupTags, summary: 'Centre groups', response: { 200: z.array(CentreGroup) } },
    },
    async (request) => listCentreGroups(ctxOf(request)),
  );
  app.post(
    '/api/redemption-centre-groups',
    {
      config: { access: ADMIN },
      schema: {
        tags: groupTags,
        summary: 'Create a group',
        body: CentreGroupInput,
        response: { 201: CentreGroup },
      },
    },
    async (request, reply) => reply.status(201).send(await createCentreGroup(ctxOf(request), request.body)),
  );
  app.get(
    '/api/redemption-centre-groups/:id',
    {
      config: { access: READERS },
      schema: { tags: groupTags, summary: 'A group', params: IdParams, response: { 200: CentreGroup } },
    },
    async (request) => getCentreGroup(ctxOf(request), request.params.id),
  );
  app.put(
    '/api/redemption-centre-groups/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags: groupTags,
        summary: 'Replace a group',
        params: IdParams,
        body: CentreGroupInput,
        response: { 200: CentreGroup },
      },
    },
    async (request) => updateCentreGroup(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/redemption-centre-groups/:id',
    {
      config: { access: ADMIN },
      schema: { tags: groupTags, summary: 'Delete a group', params: IdParams, response: noContent },
    },
    async (request, reply) => {
      await deleteCentreGroup(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
