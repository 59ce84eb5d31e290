import type { AgeStatistics, DepartmentStatistics, GeneralStatistics } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type StatsTarget = { kind: 'campaign' | 'group'; id: string };
export type StatsRange = { from?: string | undefined; to?: string | undefined };
export type ReportName = 'general' | 'department' | 'age' | 'department-sex';

const base = (target: StatsTarget) =>
  `/${target.kind === 'campaign' ? 'campaigns' : 'campaign-groups'}/${target.id}/statistics`;

export const statisticsKeys = {
  all: ['statistics'] as const,
  report: (target: StatsTarget, name: ReportName, range: StatsRange) =>
    [...statisticsKeys.all, target, name, range] as const,
};

function report<T>(target: StatsTarget, name: ReportName, range: StatsRange) {
  return queryOptions({
    queryKey: statisticsKeys.report(target, name, range),
    queryFn: ({ signal }) =>
      api.get<T>(`${base(target)}/${name}`, { query: { ...range, format: 'json' }, signal }),
  });
}

export const generalStatsQuery = (target: StatsTarget, range: StatsRange) =>
  report<GeneralStatistics>(target, 'general', range);
export const departmentStatsQuery = (target: StatsTarget, range: StatsRange) =>
  report<DepartmentStatistics>(target, 'department', range);
export const ageStatsQuery = (target: StatsTarget, range: StatsRange) =>
  report<AgeStatistics>(target, 'age', range);

export const downloadReport = (target: StatsTarget, name: ReportName, range: StatsRange) =>
  api.download(`${base(target)}/${name}`, {
    query: { ...range, format: 'csv' },
    fallbackName: `estadisticas-${name}.csv`,
  });
