import { z } from 'zod';
import { Id } from './common.ts';

/**
 * What a campaign still needs before it can go live, in the order an admin does it. `required`
 * items block activation (the server refuses it until they are done); the others are what a
 * campaign people can actually take part in needs (a published page, codes to hand out, prizes,
 * products).
 */
export const GO_LIVE_STEPS = [
  'form',
  'landing',
  'centres',
  'codes',
  'prizes',
  'marketplace',
  'schedule',
] as const;
export const GoLiveStep = z.enum(GO_LIVE_STEPS);
export type GoLiveStep = z.infer<typeof GoLiveStep>;

export const GoLiveItem = z.object({
  step: GoLiveStep,
  done: z.boolean(),
  required: z.boolean(),
  /** How many of the thing there are (fields, published pages, centres, available codes, prizes, products). */
  count: z.number().int().nullable(),
});
export type GoLiveItem = z.infer<typeof GoLiveItem>;

export const GoLive = z.object({
  campaignId: Id,
  items: z.array(GoLiveItem),
  /** Every required item is done (activation will be accepted). */
  canActivate: z.boolean(),
  /** The public address of the first landing group with a published page, when there is one. */
  publicPath: z.string().nullable(),
});
export type GoLive = z.infer<typeof GoLive>;
