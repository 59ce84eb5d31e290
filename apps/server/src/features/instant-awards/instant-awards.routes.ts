import {
  AwardList,
  CreatePrize,
  IdParams,
  InstantAwardParams,
  InstantAwardResult,
  MomentsView,
  Prize,
  SetMoments,
  UpdatePrize,
} from '@promo/contract';
import { z } from 'zod';
import type { FeatureDeps } from '../types.ts';
import {
  createPrize,
  deletePrize,
  getInstantAwardResult,
  getMoments,
  listAwards,
  listPrizes,
  setMoments,
  updatePrize,
} from './instant-awards.service.ts';

const ADMIN = ['ADMIN'] as const;
const READERS = ['ADMIN', 'ANALYST'] as const;
const tags = ['instant-awards'];

export function registerInstantAwardsRoutes({ app, ctxOf, limits }: FeatureDeps): void {
  app.get(
    '/api/users/instant-award/:tenant/:campaign/:identity/:participation',
    {
      config: { access: 'public', rateLimit: { max: limits.publicPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          'Result of an instant-award participation (tenant slug, campaign name, identity number, participation id)',
        params: InstantAwardParams,
        response: { 200: InstantAwardResult },
      },
    },
    async (request) => getInstantAwardResult(ctxOf(request), request.params),
  );

  app.get(
    '/api/instant-awards/:id/prizes',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Prizes of an instant-award campaign',
        params: IdParams,
        response: { 200: z.object({ items: z.array(Prize) }) },
      },
    },
    async (request) => listPrizes(ctxOf(request), request.params.id),
  );
  app.post(
    '/api/instant-awards/:id/prizes',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Add a prize (before the campaign starts)',
        params: IdParams,
        body: CreatePrize,
        response: { 201: Prize },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPrize(ctxOf(request), request.params.id, request.body)),
  );
  app.patch(
    '/api/instant-award-prizes/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Change a prize (before the campaign starts)',
        params: IdParams,
        body: UpdatePrize,
        response: { 200: Prize },
      },
    },
    async (request) => updatePrize(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/instant-award-prizes/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Delete a prize and its moments (before the campaign starts)',
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deletePrize(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/api/instant-awards/:id/moments',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Generate (`{generate:true}`) or set the winning moments; the list is sealed at once',
        params: IdParams,
        body: SetMoments,
        response: { 200: MomentsView },
      },
    },
    async (request) => setMoments(ctxOf(request), request.params.id, request.body),
  );
  app.get(
    '/api/instant-awards/:id/moments',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Seal and count of the moments; the list and salt once the campaign has ended',
        params: IdParams,
        response: { 200: MomentsView },
      },
    },
    async (request) => getMoments(ctxOf(request), request.params.id),
  );
  app.get(
    '/api/instant-awards/:id/awards',
    {
      config: { access: READERS },
      schema: { tags, summary: 'Prizes awarded, in order', params: IdParams, response: { 200: AwardList } },
    },
    async (request) => listAwards(ctxOf(request), request.params.id),
  );
}
