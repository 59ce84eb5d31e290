import {
  CampaignForm,
  CreateFormDefinition,
  FormDefinition,
  FormListQuery,
  IdParams,
  pageOf,
  type Role,
} from '@promo/contract';
import { z } from 'zod';
import type { FeatureDeps } from '../types.ts';
import {
  createFormDefinition,
  deleteFormDefinition,
  getFormDefinition,
  listForms,
  updateFormDefinition,
} from './forms.service.ts';

/**
 * The `forms` path family (spec §7): the tenant's form definitions, each the form of one campaign
 * (`campaigns/{id}/form` is the same form). Read and written by whoever reads and writes campaigns.
 */
export function registerFormsRoutes(
  { app, ctxOf }: FeatureDeps,
  access: { read: readonly Role[]; write: readonly Role[] },
): void {
  const tags = ['forms'];
  const read = { access: access.read };
  const write = { access: access.write };
  app.get(
    '/api/forms',
    {
      config: read,
      schema: {
        tags,
        summary: 'Form definitions (campaigns with a form), by campaign name',
        querystring: FormListQuery,
        response: { 200: pageOf(FormDefinition) },
      },
    },
    async (request) => listForms(ctxOf(request), request.query),
  );
  app.post(
    '/api/forms',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create the form of a campaign that has none',
        body: CreateFormDefinition,
        response: { 201: FormDefinition },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createFormDefinition(ctxOf(request), request.body)),
  );
  app.get(
    '/api/forms/:id',
    {
      config: read,
      schema: { tags, summary: 'A form definition', params: IdParams, response: { 200: FormDefinition } },
    },
    async (request) => getFormDefinition(ctxOf(request), request.params.id),
  );
  app.put(
    '/api/forms/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Replace a form’s fields',
        params: IdParams,
        body: CampaignForm,
        response: { 200: FormDefinition },
      },
    },
    async (request) => updateFormDefinition(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/forms/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a form nobody depends on (inactive campaign, no participations)',
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteFormDefinition(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
