import type { Readable } from 'node:stream';
import type { Page, PersonPoints, PointsAccount, PointsAdjustment, PointsSummary } from '@promo/contract';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { participants } from '../../db/schema.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { csvStream } from '../../platform/csv.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { idempotent, requestHash } from '../../platform/idempotency.ts';
import {
  enqueueJob,
  enqueueRun,
  type JobHandler,
  JobInterrupted,
  type JobSchedule,
} from '../../platform/jobs.ts';
import { localTime } from '../../platform/local-time.ts';
import { maskIdentity, shouldMask } from '../../platform/privacy.ts';
import { xlsxStream } from '../../platform/xlsx.ts';
import type { CampaignRow } from '../campaigns/index.ts';
import { getCampaignRow } from '../campaigns/index.ts';
import {
  balanceOf,
  creditExpiry,
  dueExpiry,
  type LedgerWrite,
  ledgerPage,
  postEntry,
  toLedgerEntry,
} from './ledger.ts';

/** Campaigns whose people hold points: points campaigns and marketplaces' campaigns. */
export function holdsPoints(campaign: CampaignRow): boolean {
  return campaign.kind === 'points' || campaign.kind === 'marketplace';
}

export async function pointsCampaign(tx: Tx, tenantId: string, campaignId: string): Promise<CampaignRow> {
  const campaign = await getCampaignRow(tx, tenantId, campaignId).catch(() => {
    throw fieldError('campaignId', 'FIELD_INVALID');
  });
  if (!holdsPoints(campaign)) throw fieldError('campaignId', 'CAMPAIGN_KIND_MISMATCH');
  return campaign;
}

/**
 * A credit (code, purchase, positive adjustment) with the campaign's expiry date, or a debit.
 * A debit larger than the balance is refused with POINTS_INSUFFICIENT and writes nothing.
 */
export async function post(tx: Tx, campaign: CampaignRow, w: Omit<LedgerWrite, 'campaignId' | 'expiresAt'>) {
  const entry = await postEntry(tx, {
    ...w,
    campaignId: campaign.id,
    expiresAt: w.amount > 0 ? creditExpiry(campaign, w.now) : null,
  });
  if (!entry) throw new AppError('POINTS_INSUFFICIENT', [{ path: 'amount', code: 'POINTS_INSUFFICIENT' }]);
  return entry;
}

/** Points a participation in a points campaign credits: `settings.pointsPerParticipation`, else none. */
export function pointsPerParticipation(campaign: CampaignRow): number {
  const points = (campaign.settings as { pointsPerParticipation?: unknown }).pointsPerParticipation;
  return typeof points === 'number' && Number.isInteger(points) && points > 0 ? points : 0;
}

/**
 * A participation in a points campaign (a registered purchase) credits the campaign's points per
 * participation as a `purchase` entry, in the participation's transaction. The participation's
 * Idempotency-Key goes on the entry (the ledger's unique index is the last word on a retry).
 * Answers the person's balance afterwards.
 */
export async function creditParticipation(
  tx: Tx,
  p: {
    tenantId: string;
    campaign: CampaignRow;
    participantId: string;
    idempotencyKey: string | null;
    now: Date;
  },
): Promise<number> {
  const points = pointsPerParticipation(p.campaign);
  if (points === 0) return (await balanceOf(tx, p.tenantId, p.campaign.id, p.participantId)) ?? 0;
  const entry = await post(tx, p.campaign, {
    tenantId: p.tenantId,
    participantId: p.participantId,
    kind: 'purchase',
    amount: points,
    now: p.now,
    idempotencyKey: p.idempotencyKey ? `participation:${p.idempotencyKey}` : null,
  });
  return entry.balanceAfter;
}

type AccountRow = {
  participant_id: string;
  cedula: string | null;
  name: string | null;
  campaign_id: string;
  campaign_name: string;
  balance: number;
  updated_at: Date;
};

function toAccount(ctx: Ctx, r: AccountRow): PointsAccount {
  const mask = shouldMask(actorOf(ctx).role);
  return {
    participantId: r.participant_id,
    cedula: mask ? maskIdentity(r.cedula) : r.cedula,
    name: r.name,
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
    balance: Number(r.balance),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

function accountsQuery(
  tenantId: string,
  f: { campaignId?: string | undefined; cedula?: string | undefined; participantId?: string },
) {
  return sql`from points_accounts a
    join participants p on p.tenant_id = a.tenant_id and p.id = a.participant_id
    join campaigns c on c.tenant_id = a.tenant_id and c.id = a.campaign_id
    where a.tenant_id = ${tenantId}
      ${f.campaignId ? sql`and a.campaign_id = ${f.campaignId}` : sql``}
      ${f.cedula ? sql`and p.cedula = ${f.cedula}` : sql``}
      ${f.participantId ? sql`and a.participant_id = ${f.participantId}` : sql``}`;
}

const ACCOUNT_COLUMNS = sql`select a.participant_id, p.cedula, p.name, a.campaign_id, c.name as campaign_name, a.balance, a.updated_at`;

export async function listAccounts(
  ctx: Ctx,
  query: { campaignId?: string | undefined; cedula?: string | undefined; page: number; pageSize: number },
): Promise<Page<PointsAccount>> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const from = accountsQuery(tenantId, query);
    const [rows, [counted]] = await Promise.all([
      queryRows<AccountRow>(
        tx,
        sql`${ACCOUNT_COLUMNS} ${from} order by a.updated_at desc, a.participant_id
            limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
      ),
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n ${from}`),
    ]);
    return {
      items: rows.map((r) => toAccount(ctx, r)),
      total: Number(counted?.n ?? 0),
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

/** A person's balances and ledger (newest first), for the admin screen. */
export async function personPoints(
  ctx: Ctx,
  participantId: string,
  query: { campaignId?: string | undefined; page: number; pageSize: number },
): Promise<PersonPoints> {
  const { tenantId, role } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const [person] = await tx
      .select({ id: participants.id, cedula: participants.cedula, name: participants.name })
      .from(participants)
      .where(and(eq(participants.tenantId, tenantId), eq(participants.id, participantId)));
    if (!person) throw new AppError('NOT_FOUND');
    const accounts = await queryRows<AccountRow>(
      tx,
      sql`${ACCOUNT_COLUMNS} ${accountsQuery(tenantId, { participantId })} order by c.name`,
    );
    const ledger = await ledgerPage(
      tx,
      { tenantId, participantId, campaignId: query.campaignId },
      query.page,
      query.pageSize,
    );
    return {
      person: { ...person, cedula: shouldMask(role) ? maskIdentity(person.cedula) : person.cedula },
      accounts: accounts.map((a) => toAccount(ctx, a)),
      ledger: {
        items: ledger.items.map(toLedgerEntry),
        total: ledger.total,
        page: query.page,
        pageSize: query.pageSize,
      },
    };
  });
}

/** An admin's adjustment with a reason; a retried request (Idempotency-Key) is applied once. */
export async function adjustPoints(ctx: Ctx, input: PointsAdjustment, key: string | undefined) {
  const actor = actorOf(ctx);
  const now = ctx.clock.now();
  return inTenant(ctx, async (tx) => {
    const campaign = await pointsCampaign(tx, actor.tenantId, input.campaignId);
    const [person] = await tx
      .select({ id: participants.id })
      .from(participants)
      .where(
        and(
          eq(participants.tenantId, actor.tenantId),
          input.participantId
            ? eq(participants.id, input.participantId)
            : eq(participants.cedula, input.cedula ?? ''),
        ),
      );
    if (!person) throw new AppError('POINTS_USER_NOT_FOUND');
    return idempotent(
      tx,
      actor.tenantId,
      key ? `points-adjust:${key}` : undefined,
      requestHash(['adjust', input]),
      async () => {
        const entry = await post(tx, campaign, {
          tenantId: actor.tenantId,
          participantId: person.id,
          kind: 'adjustment',
          amount: input.amount,
          reason: input.reason,
          now,
          idempotencyKey: key ?? null,
          createdBy: actor.userId,
        });
        await audit(tx, ctx, {
          tenantId: actor.tenantId,
          action: 'points.adjust',
          entityType: 'participant',
          entityId: person.id,
          details: { campaignId: campaign.id, amount: input.amount, entryId: entry.id },
        });
        return { status: 201, body: { entry: toLedgerEntry(entry), balance: entry.balanceAfter } };
      },
    );
  });
}

// --- expiry -----------------------------------------------------------------------------------

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
    const tenants = await ctx.db.tx({ tenantId: null }, (tx) =>
      queryRows<{ id: string }>(tx, sql`select id from tenants where not is_platform order by id`),
    );
    let queued = 0;
    for (const { id: tenantId } of tenants) {
      queued += await ctx.db.tx({ tenantId }, async (tx) => {
        const campaigns = await queryRows<{ id: string; time_zone: string }>(
          tx,
          sql`select c.id, co.time_zone from campaigns c join countries co on co.code = c.country_code
              where c.tenant_id = ${tenantId} and c.kind in ('points', 'marketplace')
                and (c.settings ? 'pointsExpiryDays')`,
        );
        let n = 0;
        for (const campaign of campaigns) {
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
    const accounts = await ctx.db.tx({ tenantId }, (tx) =>
      queryRows<{ campaign_id: string; participant_id: string }>(
        tx,
        sql`select a.campaign_id, a.participant_id from points_accounts a
            join campaigns c on c.tenant_id = a.tenant_id and c.id = a.campaign_id
            where a.tenant_id = ${tenantId} and a.balance > 0 and (c.settings ? 'pointsExpiryDays')
              ${campaignId ? sql`and a.campaign_id = ${campaignId}` : sql``}
            order by a.campaign_id, a.participant_id`,
      ),
    );
    let expired = 0;
    let done = 0;
    for (const account of accounts) {
      if (signal.aborted) throw new JobInterrupted();
      const now = ctx.clock.now();
      expired += await ctx.db.tx({ tenantId }, async (tx) => {
        await queryRows(
          tx,
          sql`select 1 from points_accounts where tenant_id = ${tenantId} and campaign_id = ${account.campaign_id}
              and participant_id = ${account.participant_id} for update`,
        );
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

// --- report -----------------------------------------------------------------------------------

export async function pointsReport(
  ctx: Ctx,
  query: { campaignId?: string | undefined; from?: string | undefined; to?: string | undefined },
  format: 'json' | 'csv' | 'xlsx',
): Promise<PointsSummary[] | Readable> {
  const { tenantId } = actorOf(ctx);
  const from = query.from ? new Date(query.from) : null;
  const to = query.to ? new Date(query.to) : null;
  const rows = await inTenant(ctx, (tx) =>
    queryRows<{
      campaign_id: string;
      campaign_name: string;
      issued: number;
      spent: number;
      expired: number;
      adjusted_down: number;
      outstanding: number;
      people: number;
    }>(
      tx,
      sql`select c.id as campaign_id, c.name as campaign_name,
            coalesce(l.issued, 0)::int as issued, coalesce(l.spent, 0)::int as spent,
            coalesce(l.expired, 0)::int as expired, coalesce(l.adjusted_down, 0)::int as adjusted_down,
            coalesce(a.outstanding, 0)::int as outstanding, coalesce(a.people, 0)::int as people
          from campaigns c
          left join (
            select campaign_id,
              sum(amount) filter (where amount > 0) as issued,
              -sum(amount) filter (where kind = 'redemption') as spent,
              -sum(amount) filter (where kind = 'expiry') as expired,
              -sum(amount) filter (where kind = 'adjustment' and amount < 0) as adjusted_down
            from points_ledger where tenant_id = ${tenantId}
              ${from ? sql`and created_at >= ${from}` : sql``} ${to ? sql`and created_at < ${to}` : sql``}
            group by campaign_id) l on l.campaign_id = c.id
          left join (
            select campaign_id, sum(balance) as outstanding, count(*) filter (where balance > 0) as people
            from points_accounts where tenant_id = ${tenantId} group by campaign_id) a on a.campaign_id = c.id
          where c.tenant_id = ${tenantId} and c.kind in ('points', 'marketplace')
            ${query.campaignId ? sql`and c.id = ${query.campaignId}` : sql``}
          order by c.name`,
    ),
  );
  const items: PointsSummary[] = rows.map((r) => ({
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
    issued: Number(r.issued),
    spent: Number(r.spent),
    expired: Number(r.expired),
    adjustedDown: Number(r.adjusted_down),
    outstanding: Number(r.outstanding),
    people: Number(r.people),
  }));
  if (format === 'json') return items;
  const header = ['campaign', 'issued', 'spent', 'expired', 'adjusted_down', 'outstanding', 'people'];
  async function* once() {
    yield items.map((i) => [
      i.campaignName,
      i.issued,
      i.spent,
      i.expired,
      i.adjustedDown,
      i.outstanding,
      i.people,
    ]);
  }
  return format === 'xlsx' ? xlsxStream('Puntos', header, once()) : csvStream(header, once());
}
