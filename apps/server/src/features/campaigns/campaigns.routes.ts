import {
  ActiveStatus,
  Campaign,
  CampaignForm,
  CampaignGroup,
  CampaignGroupInput,
  CampaignListQuery,
  CreateCampaign,
  CreateRule,
  IdParams,
  pageOf,
  Rule,
  RuleListQuery,
  StoredCampaignForm,
  UpdateCampaign,
  UpdateRule,
} from '@promo/contract';
import { z } from 'zod';
import type { FeatureDeps } from '../types.ts';
import {
  createCampaignGroup,
  deleteCampaignGroup,
  getCampaignGroup,
  listCampaignGroups,
  updateCampaignGroup,
} from './campaign-groups.service.ts';
import {
  createCampaignRule,
  deleteCampaignRule,
  listCampaignRules,
  updateCampaignRule,
} from './campaign-rules.service.ts';
import {
  createCampaign,
  deleteCampaign,
  getCampaign,
  getForm,
  listCampaigns,
  setActiveStatus,
  setArchived,
  setForm,
  updateCampaign,
} from './campaigns.service.ts';
import { registerFormsRoutes } from './forms.routes.ts';

/** Everybody in a tenant reads campaigns; only its admins change them. */
export const CAMPAIGN_READERS = ['ADMIN', 'ANALYST', 'OPERATOR'] as const;
export const CAMPAIGN_WRITERS = ['ADMIN'] as const;
const tags = ['campaigns'];
const noContent = { 204: z.null() };

export function registerCampaignsRoutes(deps: FeatureDeps): void {
  const { app, ctxOf } = deps;
  const read = { access: CAMPAIGN_READERS };
  const write = { access: CAMPAIGN_WRITERS };
  registerFormsRoutes(deps, { read: CAMPAIGN_READERS, write: CAMPAIGN_WRITERS });

  app.get(
    '/api/campaigns',
    {
      config: read,
      schema: {
        tags,
        summary: 'Campaigns (filters: kind, state, archived, group)',
        querystring: CampaignListQuery,
        response: { 200: pageOf(Campaign) },
      },
    },
    async (request) => listCampaigns(ctxOf(request), request.query),
  );
  app.post(
    '/api/campaigns',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a campaign (draft)',
        body: CreateCampaign,
        response: { 201: Campaign },
      },
    },
    async (request, reply) => reply.status(201).send(await createCampaign(ctxOf(request), request.body)),
  );
  app.get(
    '/api/campaigns/:id',
    { config: read, schema: { tags, summary: 'A campaign', params: IdParams, response: { 200: Campaign } } },
    async (request) => getCampaign(ctxOf(request), request.params.id),
  );
  app.patch(
    '/api/campaigns/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Update a campaign',
        params: IdParams,
        body: UpdateCampaign,
        response: { 200: Campaign },
      },
    },
    async (request) => updateCampaign(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/campaigns/:id',
    {
      config: write,
      schema: { tags, summary: 'Delete a campaign without data', params: IdParams, response: noContent },
    },
    async (request, reply) => {
      await deleteCampaign(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.patch(
    '/api/campaigns/:id/active-status',
    {
      config: write,
      schema: {
        tags,
        summary: 'Activate or deactivate',
        params: IdParams,
        body: ActiveStatus,
        response: { 200: Campaign },
      },
    },
    async (request) => setActiveStatus(ctxOf(request), request.params.id, request.body.active),
  );
  app.post(
    '/api/campaigns/:id/archive',
    {
      config: write,
      schema: { tags, summary: 'Archive (read-only, hidden)', params: IdParams, response: { 200: Campaign } },
    },
    async (request) => setArchived(ctxOf(request), request.params.id, true),
  );
  app.post(
    '/api/campaigns/:id/restore',
    {
      config: write,
      schema: {
        tags,
        summary: 'Restore an archived campaign',
        params: IdParams,
        response: { 200: Campaign },
      },
    },
    async (request) => setArchived(ctxOf(request), request.params.id, false),
  );
  app.get(
    '/api/campaigns/:id/form',
    {
      config: read,
      schema: {
        tags,
        summary: 'The campaign’s form (no fields until it is first saved)',
        params: IdParams,
        response: { 200: StoredCampaignForm },
      },
    },
    async (request) => getForm(ctxOf(request), request.params.id),
  );
  app.put(
    '/api/campaigns/:id/form',
    {
      config: write,
      schema: {
        tags,
        summary: 'Set the campaign’s form',
        params: IdParams,
        body: CampaignForm,
        response: { 200: CampaignForm },
      },
    },
    async (request) => setForm(ctxOf(request), request.params.id, request.body),
  );

  const groupTags = ['campaign-groups'];
  app.get(
    '/api/campaign-groups',
    {
      config: read,
      schema: { tags: groupTags, summary: 'Campaign groups', response: { 200: z.array(CampaignGroup) } },
    },
    async (request) => listCampaignGroups(ctxOf(request)),
  );
  app.post(
    '/api/campaign-groups',
    {
      config: write,
      schema: {
        tags: groupTags,
        summary: 'Create a group (at least one campaign)',
        body: CampaignGroupInput,
        response: { 201: CampaignGroup },
      },
    },
    async (request, reply) => reply.status(201).send(await createCampaignGroup(ctxOf(request), request.body)),
  );
  app.get(
    '/api/campaign-groups/:id',
    {
      config: read,
      schema: { tags: groupTags, summary: 'A group', params: IdParams, response: { 200: CampaignGroup } },
    },
    async (request) => getCampaignGroup(ctxOf(request), request.params.id),
  );
  app.put(
    '/api/campaign-groups/:id',
    {
      config: write,
      schema: {
        tags: groupTags,
        summary: 'Replace a group',
        params: IdParams,
        body: CampaignGroupInput,
        response: { 200: CampaignGroup },
      },
    },
    async (request) => updateCampaignGroup(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/campaign-groups/:id',
    {
      config: write,
      schema: {
        tags: groupTags,
        summary: 'Delete a group (its campaigns stay)',
        params: IdParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await deleteCampaignGroup(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  const ruleTags = ['campaign-rulers'];
  app.get(
    '/api/campaign-rulers',
    {
      config: read,
      schema: {
        tags: ruleTags,
        summary: 'Rules of a campaign or group',
        querystring: RuleListQuery,
        response: { 200: z.array(Rule) },
      },
    },
    async (request) => listCampaignRules(ctxOf(request), request.query),
  );
  app.post(
    '/api/campaign-rulers',
    {
      config: write,
      schema: { tags: ruleTags, summary: 'Add a rule', body: CreateRule, response: { 201: Rule } },
    },
    async (request, reply) => reply.status(201).send(await createCampaignRule(ctxOf(request), request.body)),
  );
  app.patch(
    '/api/campaign-rulers/:id',
    {
      config: write,
      schema: {
        tags: ruleTags,
        summary: 'Change a rule’s parameters',
        params: IdParams,
        body: UpdateRule,
        response: { 200: Rule },
      },
    },
    async (request) => updateCampaignRule(ctxOf(request), request.params.id, request.body.params),
  );
  app.delete(
    '/api/campaign-rulers/:id',
    {
      config: write,
      schema: { tags: ruleTags, summary: 'Remove a rule', params: IdParams, response: noContent },
    },
    async (request, reply) => {
      await deleteCampaignRule(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
