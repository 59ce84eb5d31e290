import { z } from 'zod';
import { Id } from './common.ts';

/** Background work (code generation, points expiry) and its progress. */

export const Job = z.object({
  id: Id,
  kind: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  progress: z.number().int(),
  total: z.number().int(),
  result: z.unknown().optional(),
  error: z.string().optional(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof Job>;

export const JobQueued = z.object({ jobId: Id });
