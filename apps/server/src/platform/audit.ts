import type { Tx } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { Ctx } from './context.ts';

export type AuditEntry = {
  tenantId: string;
  action: string;
  entityType: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
};

/**
 * Records who did what to which entity, in the same transaction as the change. `details` must
 * hold no personal data (identity numbers, phones, e-mails, birthdates).
 */
export async function audit(tx: Tx, ctx: Ctx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    tenantId: entry.tenantId,
    actorId: ctx.actor?.userId ?? null,
    actorRole: ctx.actor?.role ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    ip: ctx.ip,
    details: entry.details ?? {},
  });
}
