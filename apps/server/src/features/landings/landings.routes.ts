import {
  CreateLanding,
  CreateLandingFromTemplate,
  CreateTemplateGroup,
  IdParams,
  Landing,
  LandingCreated,
  LandingGroup,
  LandingGroupInput,
  LandingListQuery,
  LandingSummary,
  LandingVersion,
  RollbackLanding,
  UpdateLanding,
} from '@promo/contract';
import { z } from 'zod';
import { idempotencyKey } from '../../platform/http/replies.ts';
import type { FeatureDeps } from '../types.ts';
import {
  createLandingGroup,
  deleteLandingGroup,
  getLandingGroup,
  listLandingGroups,
  updateLandingGroup,
} from './landing-groups.service.ts';
import { createLandingFromTemplate, createTemplateGroup } from './landing-templates.service.ts';
import {
  createLanding,
  deleteLanding,
  duplicateLanding,
  getLanding,
  importLanding,
  listLandings,
  listVersions,
  publishLanding,
  rollbackLanding,
  updateLanding,
} from './landings.service.ts';
import { registerPublicLandingRoutes } from './public.routes.ts';

/** Admins build landings; analysts may look at them. */
export const LANDING_READERS = ['ADMIN', 'ANALYST'] as const;
export const LANDING_WRITERS = ['ADMIN'] as const;
const tags = ['landing-pages'];
const groupTags = ['landing-group'];
const noContent = { 204: z.null() };

export function registerLandingsRoutes(deps: FeatureDeps): void {
  const { app, ctxOf } = deps;
  const read = { access: LANDING_READERS };
  const write = { access: LANDING_WRITERS };

  app.get(
    '/api/landing-pages',
    {
      config: read,
      schema: {
        tags,
        summary: 'Landings (optionally of one campaign)',
        querystring: LandingListQuery,
        response: { 200: z.array(LandingSummary) },
      },
    },
    async (request) => listLandings(ctxOf(request), request.query),
  );
  app.post(
    '/api/landing-pages',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a landing (draft)',
        body: CreateLanding,
        response: { 201: LandingCreated },
      },
    },
    async (request, reply) => reply.status(201).send(await createLanding(ctxOf(request), request.body)),
  );
  app.post(
    '/api/landing-pages/import',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Create a landing (draft) from a document in the design proposal’s format (maskedInput, rewardCode, binding) or this one',
        body: CreateLanding,
        response: { 201: LandingCreated },
      },
    },
    async (request, reply) => reply.status(201).send(await importLanding(ctxOf(request), request.body)),
  );
  app.post(
    '/api/landing-pages/template',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a landing (draft) from the campaign kind’s designed form or thank-you page',
        body: CreateLandingFromTemplate,
        response: { 201: LandingCreated },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createLandingFromTemplate(ctxOf(request), request.body)),
  );
  app.get(
    '/api/landing-pages/:id',
    {
      config: read,
      schema: { tags, summary: 'A landing with its draft', params: IdParams, response: { 200: Landing } },
    },
    async (request) => getLanding(ctxOf(request), request.params.id),
  );
  app.put(
    '/api/landing-pages/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Save the draft (document, name); send `version` to refuse a stale save',
        params: IdParams,
        body: UpdateLanding,
        response: { 200: Landing },
      },
    },
    async (request) => updateLanding(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/landing-pages/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a landing (not when published in an active campaign)',
        params: IdParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await deleteLanding(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/api/landing-pages/:id/publish',
    {
      config: write,
      schema: {
        tags,
        summary: 'Publish the draft as a new version',
        params: IdParams,
        response: { 200: Landing },
      },
    },
    async (request) => publishLanding(ctxOf(request), request.params.id),
  );
  app.get(
    '/api/landing-pages/:id/versions',
    {
      config: read,
      schema: {
        tags,
        summary: 'Published versions, newest first',
        params: IdParams,
        response: { 200: z.array(LandingVersion) },
      },
    },
    async (request) => listVersions(ctxOf(request), request.params.id),
  );
  app.post(
    '/api/landing-pages/:id/rollback',
    {
      config: write,
      schema: {
        tags,
        summary: 'Publish an earlier version again (the draft becomes a copy of it)',
        params: IdParams,
        body: RollbackLanding,
        response: { 200: Landing },
      },
    },
    async (request) => rollbackLanding(ctxOf(request), request.params.id, request.body.version),
  );
  app.post(
    '/api/landing-pages/:id/duplicate',
    {
      config: write,
      schema: { tags, summary: 'Copy a landing’s draft', params: IdParams, response: { 201: Landing } },
    },
    async (request, reply) =>
      reply.status(201).send(await duplicateLanding(ctxOf(request), request.params.id)),
  );

  app.get(
    '/api/landing-group',
    {
      config: read,
      schema: { tags: groupTags, summary: 'Landing groups', response: { 200: z.array(LandingGroup) } },
    },
    async (request) => listLandingGroups(ctxOf(request)),
  );
  app.post(
    '/api/landing-group',
    {
      config: write,
      schema: {
        tags: groupTags,
        summary: 'Create a landing group (public page /{tenant}/landing/{name})',
        body: LandingGroupInput,
        response: { 201: LandingGroup },
      },
    },
    async (request, reply) => reply.status(201).send(await createLandingGroup(ctxOf(request), request.body)),
  );
  app.post(
    '/api/campaigns/:id/landing-group',
    {
      config: write,
      schema: {
        tags: groupTags,
        summary:
          'Create and publish the campaign kind’s form page and thank-you page as one landing group, in one transaction (accepts Idempotency-Key)',
        params: IdParams,
        body: CreateTemplateGroup,
        response: { 201: LandingGroup },
      },
    },
    async (request, reply) => {
      const result = await createTemplateGroup(
        ctxOf(request),
        request.params.id,
        request.body,
        idempotencyKey(request),
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );
  app.get(
    '/api/landing-group/:id',
    {
      config: read,
      schema: {
        tags: groupTags,
        summary: 'A landing group',
        params: IdParams,
        response: { 200: LandingGroup },
      },
    },
    async (request) => getLandingGroup(ctxOf(request), request.params.id),
  );
  app.put(
    '/api/landing-group/:id',
    {
      config: write,
      schema: {
        tags: groupTags,
        summary: 'Replace a landing group',
        params: IdParams,
        body: LandingGroupInput,
        response: { 200: LandingGroup },
      },
    },
    async (request) => updateLandingGroup(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/landing-group/:id',
    {
      config: write,
      schema: { tags: groupTags, summary: 'Delete a landing group', params: IdParams, response: noContent },
    },
    async (request, reply) => {
      await deleteLandingGroup(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  registerPublicLandingRoutes(deps);
}
