import type { Job } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

export const jobKeys = {
  all: ['jobs'] as const,
  detail: (id: string) => [...jobKeys.all, id] as const,
};

/** A job's state, polled every second until it is finished. */
export const jobQuery = (id: string) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => api.get<Job>(`/jobs/${id}`, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'succeeded' || status === 'failed' ? false : 1000;
    },
  });

/** A job's progress as a percentage (0-100), 100 once it succeeded. */
export function jobPercent(job: Pick<Job, 'status' | 'progress' | 'total'> | undefined): number {
  if (!job) return 0;
  if (job.status === 'succeeded') return 100;
  if (job.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((job.progress / job.total) * 100)));
}
