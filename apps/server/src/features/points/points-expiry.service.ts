import type { Ctx } from '../../platform/context.ts';
import { actorOf, inTenant } from '../../platform/context.ts';
import {
  enqueueJob,
  enqueueRun,
  type JobHandler,
  JobInterrupted,
  type JobSchedule,
} from '../../platform/jobs.ts';
import { localTime } from '../../platform/local-time.ts';
import { campaignsWithExpiry } from '../campaigns/index.ts';
import { brandTenantIds } from '../tenants/index.ts';
import { dueExpiry, postEntry } from './ledger.repository.ts';
import { pointsCampaign } from './points.service.ts';
import { expirableAccounts, lockAccount } from './points-expiry.repository.ts';

/** Queues the expiry job now (of one campaign, or of all). */
export async function queueExpiry(ctx: Ctx, campaignId: string | undefined): Promise<{ jobId: string }> {
  const actor = actorOf(ctx);
  const jobId = await inTenant(ctx, async (tx) => {
    if (campaignId) await pointsCampaign(tx, actor.tenantId, campaignId);
    return enqueueJob(tx, {
      tenantId: actor.tenantId,
      kind: 'expire-points',
      params: { campaignId: campaignId ?? null },
      total: 0,
      createdBy: actor.userId,
    });
  });
  ctx.jobs.wake();
  return { jobId };
}

/** How often the schedule looks for campaigns whose daily expiry is due (clock time). */
const EXPIRY_SCHEDULE_CHECK_MS = 5 * 60_000;

/**
 * The daily expiry (a job schedule): once the local time of a campaign's country passes
 * `minuteOfDay`, each campaign with an expiry policy (`settings.pointsExpiryDays`) gets one
 * `expire-points` job for that local day, named `expire-points:{campaign}:{day}` so that it is
 * queued once whether it is queued, running or done, by however many servers. A server that was
 * down at that time queues the day's run when it comes back. Looks every five minutes.
 */
export function pointsExpirySchedule(ctxOf: () => Ctx, minuteOfDay: number): JobSchedule {
  let lastCheck = Number.NEGATIVE_INFINITY;
  return async (now) => {
    if (now.getTime() - lastCheck < EXPIRY_SCHEDULE_CHECK_MS) return;
    lastCheck = now.getTime();
    const ctx = ctxOf();
    const tenants = await ctx.db.tx({ tenantId: null }, (tx) => brandTenantIds(tx));
    let queued = 0;
    for (const { id: tenantId } of tenants) {
      queued += await ctx.db.tx({ tenantId }, async (tx) => {
        let n = 0;
        for (const campaign of await campaignsWithExpiry(tx, tenantId)) {
          const local = localTime(now, campaign.time_zone);
          if (local.minuteOfDay < minuteOfDay) continue;
          const job = { tenantId, kind: 'expire-points', params: { campaignId: campaign.id }, total: 0 };
          if (await enqueueRun(tx, { ...job, createdBy: null }, `expire-points:${campaign.id}:${local.day}`))
            n += 1;
        }
        return n;
      });
    }
    if (queued > 0) ctx.log.info({ queued }, 'daily points expiry queued');
  };
}

/**
 * The job that expires points by campaign policy: every account with a balance in a campaign
 * with `pointsExpiryDays` gets one expiry entry for what is due (see `dueExpiry`), each account
 * in its own short transaction with its row locked. Running it again expires nothing twice.
 */
export function expirePointsJob(ctxFor: (tenantId: string) => Ctx): JobHandler {
  return async (job, progress, signal) => {
    const ctx = ctxFor(job.tenantId);
    const tenantId = job.tenantId;
    const { campaignId } = job.params as { campaignId: string | null };
    const accounts = await ctx.db.tx({ tenantId }, (tx) => expirableAccounts(tx, tenantId, campaignId));
    let expired = 0;
    let done = 0;
    for (const account of accounts) {
      if (signal.aborted) throw new JobInterrupted();
      const now = ctx.clock.now();
      expired += await ctx.db.tx({ tenantId }, async (tx) => {
        await lockAccount(tx, tenantId, account);
        const due = await dueExpiry(tx, tenantId, account.campaign_id, account.participant_id, now);
        if (due <= 0) return 0;
        await postEntry(tx, {
          tenantId,
          campaignId: account.campaign_id,
          participantId: account.participant_id,
          kind: 'expiry',
          amount: -due,
          now,
        });
        return due;
      });
      done += 1;
      if (done % 500 === 0) await progress(done, accounts.length);
    }
    await progress(done, accounts.length);
    return { accounts: accounts.length, expired };
  };
}
