import { GoLive, IdParams } from '@promo/contract';
import type { FeatureDeps } from '../types.ts';
import { goLiveChecklist } from './go-live.service.ts';

export function registerGoLiveRoutes({ app, ctxOf }: FeatureDeps): void {
  app.get(
    '/api/campaigns/:id/go-live',
    {
      config: { access: ['ADMIN', 'ANALYST'] },
      schema: {
        tags: ['campaigns'],
        summary: 'What the campaign still needs to go live, and whether activation will be accepted',
        params: IdParams,
        response: { 200: GoLive },
      },
    },
    (request) => goLiveChecklist(ctxOf(request), request.params.id),
  );
}
