import type { DrawOptions } from '@promo/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { queryLines, queryRows, sqlLiteral, type Tx } from '../../db/client.ts';
import { raffleCommitments, raffleDraws } from '../../db/schema.ts';
import { containsPattern } from '../../platform/sql.ts';

export type DrawRow = typeof raffleDraws.$inferSelect;

/**
 * One entry for a registration, and the person's points in the campaign with it, in one statement
 * (the entry inserted and the earlier ones summed from the statement's snapshot).
 */
// crosses into participants: the entry takes the person's department in the same insert (participation path)
export async function insertParticipationEntry(
  tx: Tx,
  p: { tenantId: string; campaignId: string; participantId: string; participationId: string; now: Date },
): Promise<number> {
  const [row] = await queryRows<{ points: number }>(
    tx,
    sql`with entry as (
          insert into raffle_entries (tenant_id, campaign_id, participant_id, participation_id, points, department, created_at)
          select ${p.tenantId}, ${p.campaignId}, ${p.participantId}, ${p.participationId}, 1, department, ${p.now.toISOString()}::timestamptz
          from participants where tenant_id = ${p.tenantId} and id = ${p.participantId}
          returning points)
        select ((select coalesce(sum(points), 0) from entry)
          + (select coalesce(sum(points), 0) from raffle_entries
             where tenant_id = ${p.tenantId} and campaign_id = ${p.campaignId} and participant_id = ${p.participantId}))::int as points`,
  );
  return Number(row?.points ?? 0);
}

export async function lastEntryId(tx: Tx, tenantId: string, campaignId: string): Promise<number> {
  const [row] = await queryRows<{ id: string | null }>(
    tx,
    sql`select max(id)::text as id from raffle_entries where tenant_id = ${tenantId} and campaign_id = ${campaignId}`,
  );
  return Number(row?.id ?? 0);
}

export type EntryListSpec = {
  campaignId: string;
  lastEntryId: number;
  options: DrawOptions;
  excluded: string[];
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidLiteral(value: string): string {
  if (!UUID.test(value)) throw new Error('invalid uuid');
  return sqlLiteral(value);
}

/**
 * The frozen entry list of a draw as `entry_id,participant,weight` lines ordered by entry id
 * (the canonical CSV without its header), streamed: entries are never changed or deleted, so the
 * same spec gives the same list (and hash) whenever it is read again. Read through the index on
 * (tenant, campaign, id); with one entry per person, the first entry of each person.
 */
export function streamEntryList(tx: Tx, tenantId: string, spec: EntryListSpec): AsyncGenerator<Buffer> {
  const { options } = spec;
  const filters = [
    `tenant_id = ${uuidLiteral(tenantId)}`,
    `campaign_id = ${uuidLiteral(spec.campaignId)}`,
    `id <= ${sqlLiteral(spec.lastEntryId)}`,
  ];
  if (options.department) filters.push(`department = ${sqlLiteral(options.department)}`);
  if (options.from)
    filters.push(`created_at >= ${sqlLiteral(new Date(options.from).toISOString())}::timestamptz`);
  if (options.to) filters.push(`created_at < ${sqlLiteral(new Date(options.to).toISOString())}::timestamptz`);
  if (spec.excluded.length > 0)
    filters.push(`participant_id not in (${spec.excluded.map(uuidLiteral).join(', ')})`);
  const where = filters.join(' and ');
  // ordered by the number (`raffle_entries.id`, not the text column also called id), so that
  // the index gives the order and nothing is sorted
  const query =
    options.weighting === 'people'
      ? `select min(id)::text, participant_id, 1 from raffle_entries where ${where} group by participant_id order by min(id)`
      : `select id::text, participant_id, ${options.weighting === 'points' ? 'points' : '1'} from raffle_entries
         where ${where} order by raffle_entries.id`;
  return queryLines(tx, query);
}

/** The participants of entries, by entry id. */
export async function participantsOfEntries(tx: Tx, tenantId: string, ids: number[]) {
  const rows = await queryRows<{ id: string; participant_id: string }>(
    tx,
    sql`select id::text as id, participant_id from raffle_entries
        where tenant_id = ${tenantId} and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.participant_id]));
}

/** The participants that won (or stand as alternates) in earlier draws of the campaign. */
export async function previousWinners(tx: Tx, tenantId: string, campaignId: string): Promise<string[]> {
  const rows = await queryRows<{ participant_id: string }>(
    tx,
    sql`select distinct w->>'participantId' as participant_id from raffle_draws d, jsonb_array_elements(d.winners) w
        where d.tenant_id = ${tenantId} and d.campaign_id = ${campaignId}
          and not exists (select 1 from raffle_draws r where r.tenant_id = d.tenant_id and r.replaces_draw_id = d.id)
        order by 1`,
  );
  return rows.map((r) => r.participant_id);
}

export async function insertDraw(tx: Tx, values: typeof raffleDraws.$inferInsert): Promise<DrawRow> {
  const [row] = await tx.insert(raffleDraws).values(values).returning();
  return row as DrawRow;
}

export async function findDraw(tx: Tx, tenantId: string, id: string): Promise<DrawRow | undefined> {
  const [row] = await tx
    .select()
    .from(raffleDraws)
    .where(and(eq(raffleDraws.tenantId, tenantId), eq(raffleDraws.id, id)));
  return row;
}

/** The standing draws of a campaign (not replaced by a redraw), newest first. */
export async function findStandingDraws(tx: Tx, tenantId: string, campaignId: string): Promise<DrawRow[]> {
  return tx
    .select()
    .from(raffleDraws)
    .where(
      and(
        eq(raffleDraws.tenantId, tenantId),
        eq(raffleDraws.campaignId, campaignId),
        sql`not exists (select 1 from raffle_draws r where r.tenant_id = ${raffleDraws.tenantId} and r.replaces_draw_id = ${raffleDraws.id})`,
      ),
    )
    .orderBy(desc(raffleDraws.drawnAt));
}

// crosses into participants: a person's points per raffle found by identity number, with campaign names, in one read
// crosses into campaigns: a person's points per raffle with campaign names, in one read
export async function pointsOfPerson(
  tx: Tx,
  tenantId: string,
  cedula: string,
  campaignId: string | undefined,
) {
  return queryRows<{ campaign_id: string; name: string; entries: number; points: number }>(
    tx,
    sql`select e.campaign_id, c.name, count(*)::int as entries, sum(e.points)::int as points
        from raffle_entries e
        join participants p on p.tenant_id = e.tenant_id and p.id = e.participant_id
        join campaigns c on c.tenant_id = e.tenant_id and c.id = e.campaign_id
        where e.tenant_id = ${tenantId} and p.cedula = ${cedula}
          ${campaignId ? sql`and e.campaign_id = ${campaignId}` : sql``}
        group by e.campaign_id, c.name order by c.name`,
  );
}

export type CommitmentRow = typeof raffleCommitments.$inferSelect;

export async function insertCommitment(
  tx: Tx,
  values: typeof raffleCommitments.$inferInsert,
): Promise<CommitmentRow> {
  const [row] = await tx.insert(raffleCommitments).values(values).returning();
  return row as CommitmentRow;
}

export async function findCommitment(tx: Tx, tenantId: string, id: string, lock = false) {
  const query = tx
    .select()
    .from(raffleCommitments)
    .where(and(eq(raffleCommitments.tenantId, tenantId), eq(raffleCommitments.id, id)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function findPendingCommitment(tx: Tx, tenantId: string, campaignId: string) {
  const [row] = await tx
    .select()
    .from(raffleCommitments)
    .where(
      and(
        eq(raffleCommitments.tenantId, tenantId),
        eq(raffleCommitments.campaignId, campaignId),
        sql`${raffleCommitments.drawId} is null`,
      ),
    );
  return row;
}

export async function findCommitments(tx: Tx, tenantId: string, campaignId: string) {
  return tx
    .select()
    .from(raffleCommitments)
    .where(and(eq(raffleCommitments.tenantId, tenantId), eq(raffleCommitments.campaignId, campaignId)))
    .orderBy(desc(raffleCommitments.committedAt));
}

export async function markCommitmentDrawn(tx: Tx, tenantId: string, id: string, drawId: string) {
  await tx
    .update(raffleCommitments)
    .set({ drawId })
    .where(and(eq(raffleCommitments.tenantId, tenantId), eq(raffleCommitments.id, id)));
}

/** Every draw of a campaign, newest first, with the redraw that replaced it (if any). */
export async function findDraws(tx: Tx, tenantId: string, campaignId: string) {
  return queryRows<{
    id: string;
    drawn_at: Date | string;
    drawn_by: string | null;
    entries_count: number;
    entries_hash: string;
    winners: number;
    alternates: number;
    replaces_draw_id: string | null;
    reason: string | null;
    replaced_by: string | null;
    committed: boolean;
  }>(
    tx,
    sql`select d.id, d.drawn_at, d.drawn_by, d.entries_count, d.entries_hash,
               jsonb_array_length(d.winners)::int as winners, jsonb_array_length(d.alternates)::int as alternates,
               d.replaces_draw_id, d.reason, r.id as replaced_by, d.commitment is not null as committed
        from raffle_draws d
        left join raffle_draws r on r.tenant_id = d.tenant_id and r.replaces_draw_id = d.id
        where d.tenant_id = ${tenantId} and d.campaign_id = ${campaignId}
        order by d.drawn_at desc, d.id`,
  );
}

export type EntryFilter = { tenantId: string; campaignId: string; q?: string | undefined };

function entryWhere(f: EntryFilter): SQL {
  const q = f.q?.trim();
  return sql`e.tenant_id = ${f.tenantId} and e.campaign_id = ${f.campaignId}
    ${q ? sql`and (p.cedula ilike ${containsPattern(q)} or p.name ilike ${containsPattern(q)})` : sql``}`;
}

export type EntryListRow = {
  id: string;
  created_at: Date | string;
  cedula: string;
  name: string | null;
  department: string | null;
  points: number;
  code: string | null;
};

/** A campaign's raffle entries with the person, by id (newest first for the list, keyset for exports). */
// crosses into participants: the entries list and its exports page (keyset) and filter over the people, in one statement
export async function findEntries(
  tx: Tx,
  f: EntryFilter,
  page: { limit: number; offset?: number; afterId?: string; newestFirst?: boolean },
) {
  return queryRows<EntryListRow>(
    tx,
    sql`select e.id::text as id, e.created_at, p.cedula, p.name, e.department, e.points, e.code
        from raffle_entries e join participants p on p.tenant_id = e.tenant_id and p.id = e.participant_id
        where ${entryWhere(f)} ${page.afterId ? sql`and e.id > ${page.afterId}::bigint` : sql``}
        order by e.id ${page.newestFirst ? sql`desc` : sql`asc`}
        limit ${page.limit} offset ${page.offset ?? 0}`,
  );
}

// crosses into participants: counts with the same filter over the people as the entries list
export async function countEntries(tx: Tx, f: EntryFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n
        from raffle_entries e join participants p on p.tenant_id = e.tenant_id and p.id = e.participant_id
        where ${entryWhere(f)}`,
  );
  return Number(row?.n ?? 0);
}
