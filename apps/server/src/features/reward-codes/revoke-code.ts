import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { revokeCodeRow } from './reward-codes.repository.ts';

/** Revokes an available or assigned code ('Code not revoked' when redeemed, revoked or unknown). */
export async function revokeCode(
  ctx: Ctx,
  code: string,
  reason: string | undefined,
): Promise<{ code: string; status: 'revoked' }> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    if (!(await revokeCodeRow(tx, tenantId, code, reason ?? null, ctx.clock.now())))
      throw new AppError('CODE_NOT_REVOKED');
    await audit(tx, ctx, { tenantId, action: 'code.revoke', entityType: 'reward-code', entityId: code });
    return { code, status: 'revoked' as const };
  });
}
