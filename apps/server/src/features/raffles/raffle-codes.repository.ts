import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { notRefused } from '../../platform/uploads/staged-codes.ts';

/** Inserts codes in one statement; codes already in the tenant are skipped. Answers those taken. */
export async function insertRaffleCodes(
  tx: Tx,
  tenantId: string,
  campaignId: string,
  points: number,
  codes: string[],
): Promise<number> {
  if (codes.length === 0) return 0;
  const rows = await queryRows<{ code: string }>(
    tx,
    sql`insert into raffle_codes (tenant_id, code, campaign_id, points)
        select ${tenantId}, c, ${campaignId}, ${points} from jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) as c
        on conflict do nothing returning code`,
  );
  return rows.length;
}

export async function findAvailableCode(tx: Tx, tenantId: string, campaignId: string, code: string) {
  const [row] = await queryRows<{ points: number }>(
    tx,
    sql`select points from raffle_codes where tenant_id = ${tenantId} and campaign_id = ${campaignId}
          and code = ${code} and status = 'available'`,
  );
  return row;
}

/**
 * Consumes the codes for a participation in one statement (each at most once, under any
 * concurrency) and adds one entry per code worth its points. Answers the codes consumed.
 */
// crosses into participants: uses the codes and writes the entries with the person's department in one statement, so a code gives one entry
export async function consumeCodes(
  tx: Tx,
  p: {
    tenantId: string;
    campaignId: string;
    participantId: string;
    participationId: string;
    now: Date;
    codes: string[];
  },
): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(
    tx,
    sql`with used as (
          update raffle_codes set status = 'used', participant_id = ${p.participantId},
            participation_id = ${p.participationId}, used_at = ${p.now.toISOString()}::timestamptz
          where tenant_id = ${p.tenantId} and campaign_id = ${p.campaignId} and status = 'available'
            and code in (select jsonb_array_elements_text(${JSON.stringify(p.codes)}::jsonb))
          returning code, points
        ), entries as (
          insert into raffle_entries (tenant_id, campaign_id, participant_id, participation_id, code, points, department, created_at)
          select ${p.tenantId}, ${p.campaignId}, ${p.participantId}, ${p.participationId}, used.code, used.points, pe.department,
                 ${p.now.toISOString()}::timestamptz
          from used join participants pe on pe.tenant_id = ${p.tenantId} and pe.id = ${p.participantId}
          order by used.code
        )
        select code from used`,
  );
  return rows.map((r) => r.code);
}

export async function pointsInCampaign(tx: Tx, tenantId: string, campaignId: string, participantId: string) {
  const [row] = await queryRows<{ points: number }>(
    tx,
    sql`select coalesce(sum(points), 0)::int as points from raffle_entries
        where tenant_id = ${tenantId} and campaign_id = ${campaignId} and participant_id = ${participantId}`,
  );
  return Number(row?.points ?? 0);
}

/**
 * How a staged code file (platform/uploads/code-file-import.ts) meets the tenant's raffle codes:
 * which staged codes already exist, and the insert of the others into the campaign with their points.
 */
export function stagedCodeStatements(tenantId: string, campaignId: string): { existing: SQL; insert: SQL } {
  return {
    existing: sql`exists (select 1 from raffle_codes t where t.tenant_id = ${tenantId} and t.code = s.code)`,
    insert: sql`with inserted as (
          insert into raffle_codes (tenant_id, code, campaign_id, points)
          select ${tenantId}, s.code, ${campaignId}, s.points from upload_codes s where ${notRefused}
          on conflict do nothing returning 1)
        select count(*)::int as n from inserted`,
  };
}
