import type { Redemption } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent, requestHash } from '../../platform/idempotency.ts';
import { centreAllowed } from '../centres/index.ts';
import { findCountryCached } from '../countries/index.ts';
import {
  findCodeRow,
  findRedemption,
  operatorCentre,
  redeemCodeRow,
  reverseRedemptionRow,
  standingRedemption,
} from './reward-codes.repository.ts';

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

/** Why a code could not be redeemed at a centre, as the catalogue names it. */
async function refusalFor(
  ctx: Ctx,
  tx: Tx,
  tenantId: string,
  code: string,
  centreId: string,
  now: Date,
): Promise<AppError> {
  const row = await findCodeRow(tx, tenantId, code);
  if (!row) return new AppError('INVALID_PRIZE_CODE', [{ path: 'code', code: 'INVALID_PRIZE_CODE' }]);
  if (row.code.status === 'revoked')
    return new AppError('CODE_REVOKED', [{ path: 'code', code: 'CODE_REVOKED' }]);
  if (row.code.status === 'redeemed') {
    const standing = await standingRedemption(tx, tenantId, code);
    const country = await findCountryCached(ctx, row.campaign.countryCode, tx);
    const at = standing?.redemption.redeemedAt ?? row.code.redeemedAt ?? now;
    const params = {
      redeemedAt: at.toISOString(),
      when: formatWhen(at, country?.timeZone ?? 'UTC'),
      centreCode: standing?.centre.code ?? '',
      centreName: standing?.centre.name ?? '',
    };
    return new AppError(
      'CODE_ALREADY_REDEEMED',
      [{ path: 'code', code: 'CODE_ALREADY_REDEEMED', params }],
      params,
    );
  }
  const campaign = row.campaign;
  if (campaign.archived) return new AppError('CAMPAIGN_NOT_ACTIVE');
  const inWindow =
    (!campaign.redeemFrom || campaign.redeemFrom <= now) &&
    (!campaign.redeemUntil || now < campaign.redeemUntil);
  if (!inWindow)
    return new AppError('CODE_OUTSIDE_REDEMPTION_WINDOW', [
      { path: 'code', code: 'CODE_OUTSIDE_REDEMPTION_WINDOW' },
    ]);
  if (!(await centreAllowed(tx, tenantId, campaign.id, centreId, row.code.centreId)))
    return new AppError('CENTRE_NOT_ALLOWED', [{ path: 'code', code: 'CENTRE_NOT_ALLOWED' }]);
  return new AppError('CONFLICT');
}

/**
 * An operator redeems a code at their own centre, once: one conditional statement changes the
 * code and records the redemption; the unique index on standing redemptions backs it. A refusal
 * says why (unknown, revoked, already redeemed with when and where, outside the window, centre).
 * An Idempotency-Key returns the first answer to a retried request.
 */
export async function redeemCode(
  ctx: Ctx,
  code: string,
  idempotencyKey: string | undefined,
): Promise<{ body: Redemption; replayed: boolean }> {
  const actor = actorOf(ctx);
  const now = ctx.clock.now();
  const outcome = await inTenant(ctx, async (tx) => {
    const centre = await operatorCentre(tx, actor.tenantId, actor.userId);
    if (!centre) throw new AppError('OPERATOR_WITHOUT_CENTRE');
    return idempotent(tx, actor.tenantId, idempotencyKey, requestHash(['redeem', code]), async () => {
      const row = await redeemCodeRow(tx, {
        tenantId: actor.tenantId,
        code,
        centreId: centre.id,
        operatorId: actor.userId,
        now,
      });
      if (!row) throw await refusalFor(ctx, tx, actor.tenantId, code, centre.id, now);
      await audit(tx, ctx, {
        tenantId: actor.tenantId,
        action: 'code.redeem',
        entityType: 'reward-code',
        entityId: code,
        details: { centreId: centre.id },
      });
      return {
        status: 200,
        body: {
          redemption: {
            id: row.id,
            code: row.code,
            centreCode: centre.code,
            redeemedAt: new Date(row.redeemed_at).toISOString(),
          },
        },
      };
    });
  });
  return { body: outcome.body as Redemption, replayed: outcome.replayed };
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
