import { HomeSummary } from '@promo/contract';
import type { FeatureDeps } from '../types.ts';
import { homeSummary } from './home.service.ts';

export function registerHomeRoutes({ app, ctxOf }: FeatureDeps): void {
  app.get(
    '/api/home',
    {
      config: { access: ['ADMIN', 'ANALYST'] },
      schema: {
        tags: ['home'],
        summary: "The back-office home: the active campaigns' figures and what needs attention",
        response: { 200: HomeSummary },
      },
    },
    (request) => homeSummary(ctxOf(request)),
  );
}
