import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

export type StatisticsScope = {
  tenantId: string;
  campaignIds: string[];
  from?: string | undefined;
  to?: string | undefined;
};

function where(scope: StatisticsScope): SQL {
  const ids = scope.campaignIds.length > 0 ? scope.campaignIds : ['00000000-0000-0000-0000-000000000000'];
  return sql`p.tenant_id = ${scope.tenantId}
    and p.campaign_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    ${scope.from ? sql`and p.local_day >= ${scope.from}::date` : sql``}
    ${scope.to ? sql`and p.local_day <= ${scope.to}::date` : sql``}`;
}

// crosses into participations: statistics owns no table: it counts participations in one scan
export async function generalStatistics(tx: Tx, scope: StatisticsScope) {
  const [totals] = await queryRows<{ participations: number; participants: number }>(
    tx,
    sql`select count(*)::int as participations, count(distinct p.participant_id)::int as participants from participations p where ${where(scope)}`,
  );
  const byDay = await queryRows<{ day: string; participations: number }>(
    tx,
    sql`select p.local_day::text as day, count(*)::int as participations from participations p where ${where(scope)} group by p.local_day order by p.local_day`,
  );
  const byDevice = await queryRows<{ deviceClass: number; participations: number }>(
    tx,
    sql`select p.device_class::int as "deviceClass", count(*)::int as participations from participations p where ${where(scope)} group by p.device_class order by p.device_class`,
  );
  return {
    participations: Number(totals?.participations ?? 0),
    participants: Number(totals?.participants ?? 0),
    byDay: byDay.map((r) => ({ day: r.day, participations: Number(r.participations) })),
    byDevice: byDevice.map((r) => ({
      deviceClass: Number(r.deviceClass),
      participations: Number(r.participations),
    })),
  };
}

// crosses into participations: statistics owns no table: it counts participations in one scan
export async function departmentStatistics(tx: Tx, scope: StatisticsScope) {
  const rows = await queryRows<{ department: string; participations: number }>(
    tx,
    sql`select coalesce(p.department, '') as department, count(*)::int as participations
        from participations p where ${where(scope)} group by 1 order by 2 desc, 1`,
  );
  return rows.map((r) => ({ department: r.department, participations: Number(r.participations) }));
}

// Age at the day of participation; an erased person keeps only their birth year.
const AGE = sql`coalesce(extract(year from age(p.local_day, pt.birthdate))::int, extract(year from p.local_day)::int - pt.birth_year)`;
const BAND = sql`case when ${AGE} is null then 'unknown' when ${AGE} < 18 then 'under-18' when ${AGE} < 25 then '18-24'
  when ${AGE} < 35 then '25-34' when ${AGE} < 45 then '35-44' when ${AGE} < 55 then '45-54' when ${AGE} < 65 then '55-64' else '65+' end`;

// crosses into participations: statistics owns no table: ages and sexes of those who took part, in one scan
// crosses into participants: statistics owns no table: ages and sexes of those who took part, in one scan
export async function ageStatistics(tx: Tx, scope: StatisticsScope) {
  const rows = await queryRows<{ band: string; sex: string; participations: number }>(
    tx,
    sql`select ${BAND} as band, coalesce(pt.sex, 'unknown') as sex, count(*)::int as participations
        from participations p join participants pt on pt.tenant_id = p.tenant_id and pt.id = p.participant_id
        where ${where(scope)} group by 1, 2 order by 1, 2`,
  );
  return rows.map((r) => ({ band: r.band, sex: r.sex, participations: Number(r.participations) }));
}

// crosses into participations: statistics owns no table: departments of those who took part, in one scan
// crosses into participants: statistics owns no table: departments of those who took part, in one scan
export async function departmentSexStatistics(tx: Tx, scope: StatisticsScope) {
  const rows = await queryRows<{ department: string; sex: string; participations: number }>(
    tx,
    sql`select coalesce(p.department, '') as department, coalesce(pt.sex, 'unknown') as sex, count(*)::int as participations
        from participations p join participants pt on pt.tenant_id = p.tenant_id and pt.id = p.participant_id
        where ${where(scope)} group by 1, 2 order by 1, 2`,
  );
  return rows.map((r) => ({
    department: r.department,
    sex: r.sex,
    participations: Number(r.participations),
  }));
}
