import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/** Values to look people up by, each as stored (identity number, national phone, e-mail). */
export type ContactValues = { cedulas: string[]; phones: string[]; emails: string[] };

/**
 * The ids of the tenant's people whose identity number, phone or e-mail of record is one of the
 * values (e-mail compared without regard to case), ordered by id.
 */
export async function findPeopleByContact(
  tx: Tx,
  tenantId: string,
  values: ContactValues,
): Promise<string[]> {
  if (values.cedulas.length + values.phones.length + values.emails.length === 0) return [];
  const list = (items: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(items)}::jsonb))`;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from participants
        where tenant_id = ${tenantId}
          and (cedula in ${list(values.cedulas)} or phone in ${list(values.phones)}
               or lower(email) in ${list(values.emails.map((e) => e.toLowerCase()))})
        order by id`,
  );
  return rows.map((r) => r.id);
}
