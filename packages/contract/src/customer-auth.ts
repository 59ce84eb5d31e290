import { z } from 'zod';
import { Id } from './common.ts';
import { identityAsStored } from './person-values.ts';

/** The end customer's sign-in: identity number, then a one-time code sent by e-mail (issue #8). */

/** Path of the public authentication and pages: `{tenant}` slug and `{campaign}` name. */
export const CustomerCampaignParams = z.object({ tenant: z.string().max(40), campaign: z.string().max(40) });
export const CustomerMarketplaceParams = CustomerCampaignParams.extend({ id: Id });

/** Step 1: the identity number; a one-time code goes to the person's e-mail. */
export const CustomerAuthRequest = z.strictObject({
  cedula: z
    .string({ error: 'FIELD_REQUIRED' })
    .max(40, { error: 'FIELD_TOO_LONG' })
    .overwrite(identityAsStored)
    .min(1, { error: 'FIELD_REQUIRED' })
    .describe('as printed or bare: spaces, dots and hyphens are left out (identityAsStored)'),
});
/**
 * The same answer for anyone (issue #35): whether a code went out, and where, is not told; a
 * person with an e-mail on record for this identity number receives it there.
 */
export const CustomerAuthChallenge = z.object({
  expiresAt: z.string().describe('when a code sent now would expire'),
});
export type CustomerAuthChallenge = z.infer<typeof CustomerAuthChallenge>;
/** Step 2: the identity number and the six-digit code. */
export const CustomerAuthVerify = CustomerAuthRequest.extend({
  code: z.string({ error: 'FIELD_REQUIRED' }).regex(/^[0-9]{6}$/, { error: 'OTP_INVALID' }),
});
/** The end-customer token: Bearer on the public marketplace and transactions calls only. */
export const CustomerSession = z.object({
  token: z.string(),
  expiresAt: z.string(),
  person: z.object({
    id: Id.describe('the {id} of transactions/{campaign}/{id}'),
    name: z.string().nullable(),
  }),
  campaign: z.object({ name: z.string(), title: z.string() }),
  balance: z.number().int(),
  marketplaces: z.array(z.object({ id: Id, name: z.string() })),
});
export type CustomerSession = z.infer<typeof CustomerSession>;
