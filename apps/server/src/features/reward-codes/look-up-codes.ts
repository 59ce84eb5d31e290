import type { RewardCode } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { iso } from '../../platform/iso.ts';
import { maskIdentity, shouldMask } from '../../platform/privacy.ts';
import { centreAllowed } from '../centres/index.ts';
import {
  codesOfPerson,
  findCodeRow,
  operatorCentre,
  redemptionsOf,
  voucherProductsOf,
} from './reward-codes.repository.ts';

/** The operator's centre, so that counter look-ups say whether a code is redeemable there; null for others. */
async function deskCentreId(ctx: Ctx): Promise<string | null> {
  if (ctx.actor?.role !== 'OPERATOR') return null;
  const { tenantId, userId } = ctx.actor;
  const centre = await inTenant(ctx, (tx) => operatorCentre(tx, tenantId, userId));
  return centre?.id ?? null;
}

async function describe(
  tx: Tx,
  tenantId: string,
  rows: NonNullable<Awaited<ReturnType<typeof findCodeRow>>>[],
  centreId: string | null,
  now: Date,
  mask: boolean,
): Promise<RewardCode[]> {
  const codes = rows.map((r) => r.code.code);
  const history = await redemptionsOf(tx, tenantId, codes);
  const products = await voucherProductsOf(tx, tenantId, codes);
  // one after the other: the centre checks share the transaction's connection
  const found: RewardCode[] = [];
  for (const { code, campaign, person } of rows) {
    const inWindow =
      (!campaign.redeemFrom || campaign.redeemFrom <= now) &&
      (!campaign.redeemUntil || now < campaign.redeemUntil);
    const redeemableHere =
      centreId === null
        ? undefined
        : (code.status === 'available' || code.status === 'assigned') &&
          inWindow &&
          !campaign.archived &&
          (await centreAllowed(tx, tenantId, campaign.id, centreId, code.centreId));
    found.push({
      code: code.code,
      status: code.status,
      campaign: {
        id: campaign.id,
        name: campaign.name,
        title: campaign.title,
        redeemFrom: iso(campaign.redeemFrom),
        redeemUntil: iso(campaign.redeemUntil),
      },
      person: person?.id
        ? {
            id: person.id,
            name: person.name,
            cedula: mask ? (maskIdentity(person.cedula) ?? '') : person.cedula,
          }
        : null,
      assignedAt: iso(code.assignedAt),
      redeemedAt: iso(code.redeemedAt),
      revokedAt: iso(code.revokedAt),
      redemptions: history
        .filter((h) => h.redemption.code === code.code)
        .map((h) => ({
          id: h.redemption.id,
          centreId: h.redemption.centreId,
          centreCode: h.centre.code,
          centreName: h.centre.name,
          operatorId: h.redemption.operatorId,
          redeemedAt: h.redemption.redeemedAt.toISOString(),
          reversedAt: iso(h.redemption.reversedAt),
          reversalReason: h.redemption.reversalReason,
        })),
      product: products.get(code.code) ?? null,
      ...(redeemableHere === undefined ? {} : { redeemableHere }),
    });
  }
  return found;
}

/**
 * A code's full state; unknown codes are 'Invalid prize code'. At an operator's desk it also says
 * whether the code is redeemable at their centre.
 */
export async function lookUpCode(ctx: Ctx, code: string): Promise<RewardCode> {
  const centreId = await deskCentreId(ctx);
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const row = await findCodeRow(tx, tenantId, code);
    if (!row) throw new AppError('INVALID_PRIZE_CODE');
    const mask = shouldMask(actorOf(ctx).role);
    const [described] = await describe(tx, tenantId, [row], centreId, ctx.clock.now(), mask);
    return described as RewardCode;
  });
}

/**
 * A person's codes by identity number ('Identity number does not exist or is invalid' when none);
 * at an operator's desk, with whether each is redeemable at their centre.
 */
export async function lookUpByCedula(ctx: Ctx, cedula: string): Promise<RewardCode[]> {
  const centreId = await deskCentreId(ctx);
  const { tenantId } = actorOf(ctx);
  if (/[\s-]/.test(cedula)) throw new AppError('IDENTITY_INVALID');
  return inTenant(ctx, async (tx) => {
    const rows = await codesOfPerson(tx, tenantId, cedula);
    if (rows.length === 0) throw new AppError('IDENTITY_INVALID');
    return describe(tx, tenantId, rows, centreId, ctx.clock.now(), shouldMask(actorOf(ctx).role));
  });
}
