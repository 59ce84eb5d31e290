import {
  AgeStatistics,
  DepartmentSexStatistics,
  DepartmentStatistics,
  GeneralStatistics,
  IdParams,
  StatisticsQuery,
} from '@promo/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { attachment, csvLine } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { findCampaign, findGroup } from '../campaigns/index.ts';
import { groupCampaignIds } from '../participations/index.ts';
import type { FeatureDeps } from '../types.ts';
import {
  ageStatistics,
  departmentSexStatistics,
  departmentStatistics,
  generalStatistics,
  type StatisticsScope,
} from './statistics.repository.ts';

const READERS = ['ADMIN', 'ANALYST'] as const;
const Query = StatisticsQuery.extend({ format: z.enum(['json', 'csv']).default('json') });
type Query = z.infer<typeof Query>;

const reports = {
  general: { run: generalStatistics, response: GeneralStatistics },
  department: { run: departmentStatistics, response: DepartmentStatistics },
  age: { run: ageStatistics, response: AgeStatistics },
  'department-sex': { run: departmentSexStatistics, response: DepartmentSexStatistics },
} as const;
type ReportName = keyof typeof reports;

/** The numbers of one report for a campaign or a campaign group, as JSON or a CSV download. */
async function runReport(
  ctx: Ctx,
  name: ReportName,
  target: { campaignId?: string; groupId?: string },
  query: Query,
) {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    let campaignIds: string[];
    if (target.campaignId) {
      if (!(await findCampaign(tx, tenantId, target.campaignId))) throw new AppError('NOT_FOUND');
      campaignIds = [target.campaignId];
    } else {
      if (!(await findGroup(tx, tenantId, target.groupId as string))) throw new AppError('NOT_FOUND');
      campaignIds = await groupCampaignIds(tx, tenantId, target.groupId as string);
    }
    const scope: StatisticsScope = { tenantId, campaignIds, from: query.from, to: query.to };
    return reports[name].run(tx, scope);
  });
}

function sendCsv(reply: FastifyReply, name: string, data: unknown) {
  const rows = Array.isArray(data)
    ? (data as Record<string, unknown>[])
    : ((data as { byDay: Record<string, unknown>[] }).byDay ?? []);
  const header = rows[0] ? Object.keys(rows[0]) : ['day', 'participations'];
  const body = `\uFEFF${csvLine(header)}${rows.map((r) => csvLine(header.map((h) => r[h]))).join('')}`;
  return reply.headers(attachment(`estadisticas-${name}.csv`)).send(body);
}

export function registerStatisticsRoutes({ app, ctxOf }: FeatureDeps): void {
  for (const name of Object.keys(reports) as ReportName[]) {
    for (const [prefix, key] of [
      ['campaigns', 'campaignId'],
      ['campaign-groups', 'groupId'],
    ] as const) {
      app.get(
        `/api/${prefix}/:id/statistics/${name}`,
        {
          config: { access: READERS },
          schema: {
            tags: ['statistics'],
            summary: `Statistics (${name}) of a ${key === 'campaignId' ? 'campaign' : 'campaign group'}; ?format=csv downloads`,
            params: IdParams,
            querystring: Query,
          },
        },
        async (request, reply) => {
          const data = await runReport(ctxOf(request), name, { [key]: request.params.id }, request.query);
          if (request.query.format === 'csv') return sendCsv(reply, name, data);
          return reports[name].response.parse(data);
        },
      );
    }
  }
}
