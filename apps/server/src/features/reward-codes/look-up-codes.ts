import type { RewardCode } from '@promo/contract';
import { actorOf, type Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { maskIdentity, shouldMask } from '../../platform/privacy.ts';
import { REFUSAL_CODES } from './redeem-refusals.ts';
import { lookUpRewardCodes } from './reward-codes.repository.ts';

/**
 * Codes as the counter sees them, read in one call (`look_up_reward_codes`, migration 0037): at an
 * operator's desk each says whether it is redeemable at their centre and, if not, why (the reason
 * the redemption would answer: the same SQL rule names both); the holder's identity number is
 * masked for the roles that see it masked.
 */
async function lookUp(ctx: Ctx, by: { code: string } | { cedula: string }): Promise<RewardCode[]> {
  const { tenantId, userId, role } = actorOf(ctx);
  const codes = await lookUpRewardCodes(ctx.db, {
    tenantId,
    operatorId: role === 'OPERATOR' ? userId : null,
    code: 'code' in by ? by.code : null,
    cedula: 'cedula' in by ? by.cedula : null,
    now: ctx.clock.now(),
  });
  const mask = shouldMask(role);
  return codes.map(({ redeemRefusal, ...code }) => ({
    ...code,
    ...(code.person && mask
      ? { person: { ...code.person, cedula: maskIdentity(code.person.cedula) ?? '' } }
      : {}),
    // at a desk: the catalogue's code of the refusal a redemption there would answer
    ...(redeemRefusal === undefined
      ? {}
      : { redeemRefusal: redeemRefusal === null ? null : REFUSAL_CODES[redeemRefusal] }),
  }));
}

/**
 * A code's full state; unknown codes are 'Invalid prize code'. At an operator's desk it also says
 * whether the code is redeemable at their centre.
 */
export async function lookUpCode(ctx: Ctx, code: string): Promise<RewardCode> {
  const [found] = await lookUp(ctx, { code });
  if (!found) throw new AppError('INVALID_PRIZE_CODE');
  return found;
}

/**
 * A person's codes by identity number, newest assignment first ('Identity number does not exist or
 * is invalid' when none); at an operator's desk, with whether each is redeemable at their centre.
 */
export async function lookUpByCedula(ctx: Ctx, cedula: string): Promise<RewardCode[]> {
  if (/[\s-]/.test(cedula)) throw new AppError('IDENTITY_INVALID');
  const codes = await lookUp(ctx, { cedula });
  if (codes.length === 0) throw new AppError('IDENTITY_INVALID');
  return codes;
}
