import { z } from 'zod';
import { Id, IsoDateTime } from './common.ts';

const Count = z.number().int();
const CampaignDue = z.object({
  id: Id,
  name: z.string(),
  title: z.string(),
  kind: z.string(),
  endsAt: IsoDateTime,
});

/**
 * The back-office home: how the tenant's active campaigns are doing, and what needs attention.
 * "Today" and "this week" (the last seven local days, today included) are each campaign's
 * country's days, so a participation counts on the day its participant lived it.
 */
export const HomeSummary = z.object({
  asOf: IsoDateTime,
  activeCampaigns: Count,
  participations: z.object({ today: Count, week: Count }),
  codes: z.object({
    assigned: Count.describe('reward codes handed out in active campaigns (redeemed ones included)'),
    redeemed: Count,
    /** redeemed ÷ assigned, from 0 to 1; null before any code is assigned. */
    redemptionRate: z.number().nullable(),
  }),
  topCentres: z.array(z.object({ id: Id, name: z.string(), redemptions: Count })),
  points: z.object({ issued: Count, spent: Count }),
  attention: z.object({
    endingSoon: z.array(CampaignDue).describe('active campaigns that end within seven days'),
    drawsDue: z.array(CampaignDue).describe('raffles that have ended and have no draw yet'),
    lowStock: z
      .array(z.object({ id: Id, name: z.string(), stock: Count }))
      .describe('active products running low: units left at most a fifth of those offered, or at most five'),
    failedJobs: z
      .array(
        z.object({
          id: Id,
          kind: z.string(),
          finishedAt: IsoDateTime.nullable(),
          error: z.string().nullable(),
        }),
      )
      .describe('jobs that failed in the last seven days'),
  }),
});
export type HomeSummary = z.infer<typeof HomeSummary>;
