import type { StatisticsQuery, StatisticsReportName } from '@promo/contract';
import { actorOf, type Ctx, readInTenant } from '../../platform/context.ts';
import { csvLine } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { findCampaign, findGroup, groupCampaignIds } from '../campaigns/index.ts';
import {
  ageStatistics,
  departmentSexStatistics,
  departmentStatistics,
  generalStatistics,
} from './statistics.repository.ts';

const queries = {
  general: generalStatistics,
  department: departmentStatistics,
  age: ageStatistics,
  'department-sex': departmentSexStatistics,
} satisfies Record<StatisticsReportName, unknown>;

export type StatisticsTarget = { kind: 'campaign' | 'group'; id: string };
export type Statistics = Awaited<ReturnType<(typeof queries)[StatisticsReportName]>>;

/** The numbers of one report for a campaign or a campaign group, over a range of local days. */
export async function getStatistics(
  ctx: Ctx,
  name: StatisticsReportName,
  target: StatisticsTarget,
  range: StatisticsQuery,
): Promise<Statistics> {
  const { tenantId } = actorOf(ctx);
  return readInTenant(ctx, async (tx) => {
    let campaignIds: string[];
    if (target.kind === 'campaign') {
      if (!(await findCampaign(tx, tenantId, target.id))) throw new AppError('NOT_FOUND');
      campaignIds = [target.id];
    } else {
      if (!(await findGroup(tx, tenantId, target.id))) throw new AppError('NOT_FOUND');
      campaignIds = await groupCampaignIds(tx, tenantId, target.id);
    }
    return queries[name](tx, { tenantId, campaignIds, from: range.from, to: range.to });
  });
}

/** A report as CSV: its rows, or the general report's participations per day. */
export function statisticsCsv(data: Statistics): string {
  const rows: Record<string, unknown>[] = Array.isArray(data) ? data : data.byDay;
  const header = rows[0] ? Object.keys(rows[0]) : ['day', 'participations'];
  return `\uFEFF${csvLine(header)}${rows.map((r) => csvLine(header.map((h) => r[h]))).join('')}`;
}
