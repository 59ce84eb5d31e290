import { z } from 'zod';

/** Participation statistics of a campaign or a campaign group, by local day of participation. */
export const StatisticsQuery = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'FIELD_INVALID' })
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'FIELD_INVALID' })
    .optional(),
});
export type StatisticsQuery = z.infer<typeof StatisticsQuery>;
export const GeneralStatistics = z.object({
  participations: z.number().int(),
  participants: z.number().int(),
  byDay: z.array(z.object({ day: z.string(), participations: z.number().int() })),
  byDevice: z.array(z.object({ deviceClass: z.number().int(), participations: z.number().int() })),
});
export type GeneralStatistics = z.infer<typeof GeneralStatistics>;
export const DepartmentStatistics = z.array(
  z.object({ department: z.string(), participations: z.number().int() }),
);
export type DepartmentStatistics = z.infer<typeof DepartmentStatistics>;
export const AGE_BANDS = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+', 'under-18', 'unknown'] as const;
export const AgeStatistics = z.array(
  z.object({ band: z.string(), sex: z.string(), participations: z.number().int() }),
);
export type AgeStatistics = z.infer<typeof AgeStatistics>;
export const DepartmentSexStatistics = z.array(
  z.object({ department: z.string(), sex: z.string(), participations: z.number().int() }),
);
export type DepartmentSexStatistics = z.infer<typeof DepartmentSexStatistics>;

/** Each report by the name its URL ends with (`…/statistics/{name}`), and the shape of its answer. */
export const STATISTICS_REPORTS = {
  general: GeneralStatistics,
  department: DepartmentStatistics,
  age: AgeStatistics,
  'department-sex': DepartmentSexStatistics,
} as const;
export type StatisticsReportName = keyof typeof STATISTICS_REPORTS;
