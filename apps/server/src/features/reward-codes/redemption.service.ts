import type { Redemption } from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requestHash } from '../../platform/idempotency.ts';
import { findCountryCached } from '../countries/index.ts';
import { REFUSAL_CODES, redemptionRefusal } from './redeem-refusals.ts';
import { findRedemption, redeemAtCentre, reverseRedemptionRow } from './reward-codes.repository.ts';

function formatWhen(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('es-CR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** Where and when a code was redeemed, for the refusal of a second redemption. */
type Standing = { redeemedAt: string; centreCode: string; centreName: string; countryCode: string };

async function alreadyRedeemed(ctx: Ctx, standing: Standing): Promise<AppError> {
  const country = await findCountryCached(ctx, standing.countryCode);
  const params = {
    redeemedAt: standing.redeemedAt,
    when: formatWhen(new Date(standing.redeemedAt), country?.timeZone ?? 'UTC'),
    centreCode: standing.centreCode,
    centreName: standing.centreName,
  };
  const code = REFUSAL_CODES.redeemed;
  return new AppError(code, [{ path: 'code', code, params }], params);
}

/**
 * An operator redeems a code at their own centre, once, in one round trip (`redeemAtCentre`): one
 * conditional statement changes the code and records the redemption; the unique index on standing
 * redemptions backs it. A refusal says why (unknown, or the reason of the rule
 * `reward_code_refusal`, which the counter's look-up shows too: revoked, already redeemed with when
 * and where, campaign archived, outside the window, centre), named by the same call. An
 * Idempotency-Key returns the first answer to a retried request.
 */
export async function redeemCode(
  ctx: Ctx,
  code: string,
  idempotencyKey: string | undefined,
): Promise<{ body: Redemption; replayed: boolean }> {
  const actor = actorOf(ctx);
  const now = ctx.clock.now();
  const result = await redeemAtCentre(ctx.db, {
    tenantId: actor.tenantId,
    operatorId: actor.userId,
    role: actor.role,
    code,
    now,
    ip: ctx.ip,
    idempotencyKey: idempotencyKey ?? null,
    requestHash: requestHash(['redeem', code]),
  });
  switch (result.outcome) {
    case 'done':
    case 'replayed':
      return { body: result.body as Redemption, replayed: result.outcome === 'replayed' };
    case 'redeemed':
      throw await alreadyRedeemed(ctx, result.body as Standing);
    default:
      throw redemptionRefusal(result.outcome);
  }
}

/** An admin reverses a redemption with a reason; the code can be redeemed again; history is kept. */
export async function reverseRedemption(
  ctx: Ctx,
  id: string,
  reason: string,
): Promise<{ id: string; code: string; reversed: true }> {
  const actor = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const existing = await findRedemption(tx, actor.tenantId, id);
    if (!existing) throw new AppError('NOT_FOUND');
    const code = await reverseRedemptionRow(tx, {
      tenantId: actor.tenantId,
      id,
      by: actor.userId,
      reason,
      now: ctx.clock.now(),
    });
    if (!code) throw new AppError('REDEMPTION_ALREADY_REVERSED');
    await audit(tx, ctx, {
      tenantId: actor.tenantId,
      action: 'redemption.reverse',
      entityType: 'redemption',
      entityId: id,
      details: { code },
    });
    return { id, code, reversed: true as const };
  });
}
