import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { containsPattern } from '../../platform/sql.ts';

export type CodeListFilter = {
  tenantId: string;
  campaignId: string;
  q?: string | undefined;
  status?: 'available' | 'assigned' | 'redeemed' | 'revoked' | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  centreId?: string | undefined;
};

export type CodeListDbRow = {
  code: string;
  status: 'available' | 'assigned' | 'redeemed' | 'revoked';
  holder_name: string | null;
  holder_cedula: string | null;
  created_at: Date;
  assigned_at: Date | null;
  redeemed_at: Date | null;
  revoked_at: Date | null;
  centre_code: string | null;
  centre_name: string | null;
};

/** The codes' joins: holder, standing redemption and the centre (of the redemption, or bound). */
// crosses into participants: a code's holder is shown and searched in the same statement that pages the codes
// crosses into centres: a code's centre is shown and filtered in the same statement that pages the codes
const FROM = sql`from reward_codes rc
  left join participants p on p.tenant_id = rc.tenant_id and p.id = rc.participant_id
  left join redemptions r on r.tenant_id = rc.tenant_id and r.code = rc.code and r.reversed_at is null
  left join redemption_centres c on c.tenant_id = rc.tenant_id and c.id = coalesce(r.centre_id, rc.centre_id)`;

function where(f: CodeListFilter): SQL {
  const text = f.q?.trim();
  const code = text?.toUpperCase().replace(/[\s-]/g, '');
  return sql`rc.tenant_id = ${f.tenantId} and rc.campaign_id = ${f.campaignId}
    ${text ? sql`and (rc.code like ${`${code?.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} or p.cedula = ${text} or p.name ilike ${containsPattern(text)})` : sql``}
    ${f.status ? sql`and rc.status = ${f.status}` : sql``}
    ${f.from ? sql`and coalesce(rc.revoked_at, rc.redeemed_at, rc.assigned_at, rc.created_at) >= ${f.from}` : sql``}
    ${f.to ? sql`and coalesce(rc.revoked_at, rc.redeemed_at, rc.assigned_at, rc.created_at) < ${f.to}` : sql``}
    ${f.centreId ? sql`and coalesce(r.centre_id, rc.centre_id) = ${f.centreId}` : sql``}`;
}

/** A page of a campaign's codes in code order, after a code (keyset). */
// crosses into participants: the list shows each code's holder, filtered and paged in one statement
// crosses into centres: the list shows and filters the centre of each code in the same statement
export async function codesAfter(
  tx: Tx,
  f: CodeListFilter,
  after: string | null,
  limit: number,
): Promise<CodeListDbRow[]> {
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  const rows = await queryRows<CodeListDbRow>(
    tx,
    sql`select rc.code, rc.status, p.name as holder_name, p.cedula as holder_cedula, rc.created_at,
               rc.assigned_at, rc.redeemed_at, rc.revoked_at, c.code as centre_code, c.name as centre_name
        ${FROM}
        where ${where(f)} ${after ? sql`and rc.code > ${after}` : sql``}
        order by rc.code limit ${limit}`,
  );
  // raw rows carry instants as text on some drivers: Dates for every caller
  return rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at),
    assigned_at: date(r.assigned_at),
    redeemed_at: date(r.redeemed_at),
    revoked_at: date(r.revoked_at),
  }));
}

export async function countCodes(tx: Tx, f: CodeListFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n ${FROM} where ${where(f)}`);
  return Number(row?.n ?? 0);
}

/** Revokes the available or assigned codes a filter selects; answers how many. */
export async function revokeFiltered(
  tx: Tx,
  f: CodeListFilter,
  reason: string | null,
  now: Date,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`with revoked as (
          update reward_codes set status = 'revoked', revoked_at = ${now}, revoked_reason = ${reason}
          where tenant_id = ${f.tenantId} and status in ('available', 'assigned') and code in (
            select rc.code ${FROM} where ${where(f)})
          returning 1)
        select count(*)::int as n from revoked`,
  );
  return Number(row?.n ?? 0);
}

/** Revokes the listed codes of a campaign that are available or assigned; answers those revoked. */
export async function revokeListed(
  tx: Tx,
  v: { tenantId: string; campaignId: string; codes: string[]; reason: string | null; now: Date },
): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(
    tx,
    sql`update reward_codes set status = 'revoked', revoked_at = ${v.now}, revoked_reason = ${v.reason}
        where tenant_id = ${v.tenantId} and campaign_id = ${v.campaignId} and status in ('available', 'assigned')
          and code in (select jsonb_array_elements_text(${JSON.stringify(v.codes)}::jsonb))
        returning code`,
  );
  return rows.map((r) => r.code);
}
