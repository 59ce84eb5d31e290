import {
  ParticipationRequest,
  ParticipationResponse,
  PublicCampaign,
  PublicCampaignParams,
} from '@promo/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { idempotencyKey } from '../../platform/http/replies.ts';
import type { FeatureDeps } from '../types.ts';
import { participate } from './participate.ts';
import { getPublicCampaign } from './public-campaign.ts';
import { withRewardCodeQr } from './reward-code-qr.ts';

const tags = ['participation'];

export function registerParticipationsRoutes({
  app,
  ctxOf,
  limits,
  throttle,
  participationKinds,
}: FeatureDeps): void {
  app.get(
    '/api/public/:tenant/campaigns/:campaign',
    {
      config: { access: 'public', rateLimit: { max: limits.publicPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'A campaign’s public form and rules',
        params: PublicCampaignParams,
        response: { 200: PublicCampaign },
      },
    },
    async (request) => getPublicCampaign(ctxOf(request), request.params.tenant, request.params.campaign),
  );

  // Per identity as well as per address: one person cannot hammer a campaign from many addresses.
  const perIdentity = throttle('participation', limits.participationsPerIdentityPerMinute, 60_000);
  const throttleIdentity = async (request: FastifyRequest) => {
    const { tenant } = request.params as { tenant: string };
    const cedula = (request.body as ParticipationRequest).answers.cedula;
    const key = `${tenant}:${typeof cedula === 'string' ? cedula.slice(0, 40) : request.ip}`;
    if (!(await perIdentity.hit(key))) throw new AppError('RATE_LIMITED');
  };

  app.post(
    '/api/public/:tenant/campaigns/:campaign/participations',
    {
      config: { access: 'public', rateLimit: { max: limits.participationsPerMinute, timeWindow: 60_000 } },
      preHandler: throttleIdentity,
      schema: {
        tags,
        summary: 'Take part in a campaign (accepts Idempotency-Key)',
        params: PublicCampaignParams,
        body: ParticipationRequest,
        response: { 200: ParticipationResponse, 201: ParticipationResponse },
      },
    },
    async (request, reply) => {
      const result = await participate(
        ctxOf(request),
        participationKinds,
        request.params.tenant,
        request.params.campaign,
        request.body,
        {
          userAgent: request.headers['user-agent'],
          idempotencyKey: idempotencyKey(request),
        },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status === 200 ? 200 : 201).send(withRewardCodeQr(result.body));
    },
  );
}
