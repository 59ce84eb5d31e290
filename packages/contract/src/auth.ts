import { z } from 'zod';
import { Role, TenantSlug } from './common.ts';

const Credential = z
  .string({ error: 'CREDENTIALS_REQUIRED' })
  .min(1, { error: 'CREDENTIALS_REQUIRED' })
  .max(200, { error: 'FIELD_TOO_LONG' });

export const LoginRequest = z.strictObject({
  tenant: TenantSlug.optional().describe('tenant slug; absent for the platform admin'),
  username: Credential,
  password: Credential,
  persistent: z.boolean().optional().describe('longer-lived session (persistent login)'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SessionUser = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  role: Role,
  tenant: z.string().nullable().describe('tenant slug; null for the platform admin'),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const LoginResponse = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: SessionUser,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const ValidateTokenRequest = z.strictObject({ token: z.string().max(4000) });

export const ValidateTokenResponse = z.object({
  valid: z.boolean(),
  role: Role.optional(),
  tenant: z.string().nullable().optional(),
  userId: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type ValidateTokenResponse = z.infer<typeof ValidateTokenResponse>;

/** What a signed token carries (the spec: a role and an expiry time). */
export type TokenClaims = {
  sub: string;
  tenant: string | null;
  role: Role;
  exp: number;
  iat: number;
  /** The user's token version: a password change bumps it and refuses older tokens. */
  ver: number;
};
