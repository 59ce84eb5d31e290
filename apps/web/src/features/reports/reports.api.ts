import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { type ReportFilters, type ReportFormat, type ReportKind, reportQuery } from './report-query.ts';

const FALLBACK_NAMES: Record<ReportKind, string> = {
  redemptions: 'canjes',
  'redemption-totals': 'canjes-totales',
  codes: 'codigos',
};

export const downloadReport = (kind: ReportKind, format: ReportFormat, filters: ReportFilters) =>
  api.download(`/reconciliation-reports/${kind}`, {
    query: reportQuery(kind, format, filters),
    fallbackName: `${FALLBACK_NAMES[kind]}.${format}`,
  });

/** A reconciliation report's download; a failure is shown as a toast. */
export function useDownloadReport(filters: ReportFilters) {
  return useMutation({
    mutationFn: ({ kind, format }: { kind: ReportKind; format: ReportFormat }) =>
      downloadReport(kind, format, filters),
    onError: (error) => showApiError(error),
  });
}
