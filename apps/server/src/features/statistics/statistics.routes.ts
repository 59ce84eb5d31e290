import { IdParams, STATISTICS_REPORTS, StatisticsQuery, type StatisticsReportName } from '@promo/contract';
import { z } from 'zod';
import { sendFile } from '../../platform/http/replies.ts';
import type { FeatureDeps } from '../types.ts';
import { getStatistics, statisticsDownload } from './statistics.service.ts';

const READERS = ['ADMIN', 'ANALYST'] as const;
const Query = StatisticsQuery.extend({ format: z.enum(['json', 'csv']).default('json') });
const targets = [
  { prefix: 'campaigns', kind: 'campaign', label: 'campaign' },
  { prefix: 'campaign-groups', kind: 'group', label: 'campaign group' },
] as const;

export function registerStatisticsRoutes({ app, ctxOf }: FeatureDeps): void {
  for (const name of Object.keys(STATISTICS_REPORTS) as StatisticsReportName[]) {
    for (const { prefix, kind, label } of targets) {
      app.get(
        `/api/${prefix}/:id/statistics/${name}`,
        {
          config: { access: READERS },
          schema: {
            tags: ['statistics'],
            summary: `Statistics (${name}) of a ${label}; ?format=csv downloads`,
            params: IdParams,
            querystring: Query,
            response: { 200: STATISTICS_REPORTS[name] },
          },
        },
        async (request, reply) => {
          const { format, ...range } = request.query;
          const data = await getStatistics(ctxOf(request), name, { kind, id: request.params.id }, range);
          if (format === 'csv')
            return sendFile(
              reply,
              `estadisticas-${name}`,
              'csv',
              await statisticsDownload(ctxOf(request), data),
            );
          return data;
        },
      );
    }
  }
}
