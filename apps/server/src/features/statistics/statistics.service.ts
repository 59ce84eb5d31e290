import type { StatisticsQuery, StatisticsReportName } from '@promo/contract';
import { actorOf, type Ctx, readInTenant } from '../../platform/context.ts';
import { csvLine } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { findCampaign, findGroup, groupCampaignIds } from '../campaigns/index.ts';
import { tenantCountry } from '../countries/index.ts';
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

/** The CSV's columns in the reader's language. */
const HEADERS_ES: Record<string, string> = {
  day: 'Día',
  participations: 'Participaciones',
  department: 'Departamento',
  band: 'Edad',
  sex: 'Sexo',
};
/** Values written in words: sexes and the age bands that are not numbers. */
const VALUES_ES: Record<string, Record<string, string>> = {
  sex: { female: 'Mujer', male: 'Hombre', other: 'Otro', unknown: 'Sin dato' },
  band: { 'under-18': 'Menor de 18', unknown: 'Sin dato' },
};

/**
 * A report as CSV in Spanish: its rows, or the general report's participations per day. The
 * divisions' column is named as the campaign's country names them (`departmentLabel`).
 */
export function statisticsCsv(data: Statistics, departmentLabel = 'Departamento'): string {
  const rows: Record<string, unknown>[] = Array.isArray(data) ? data : data.byDay;
  const keys = rows[0] ? Object.keys(rows[0]) : ['day', 'participations'];
  const header = keys.map((k) => (k === 'department' ? departmentLabel : (HEADERS_ES[k] ?? k)));
  const value = (key: string, raw: unknown) => VALUES_ES[key]?.[String(raw)] ?? raw;
  return `\uFEFF${csvLine(header)}${rows.map((r) => csvLine(keys.map((k) => value(k, r[k])))).join('')}`;
}

/** The CSV download of a report, its divisions named as the tenant's country names them. */
export async function statisticsDownload(ctx: Ctx, data: Statistics): Promise<string> {
  const { tenantId } = actorOf(ctx);
  const country = await readInTenant(ctx, (tx) => tenantCountry(ctx, tx, tenantId));
  return statisticsCsv(data, country?.departmentLabel);
}
