import type { CacheRegistry } from '../cache.ts';
import type { PrincipalRow } from './guard.ts';

/**
 * Who a token's subject is now, cached for a few seconds: every authenticated request needs it,
 * and reading it costs a transaction. Changes to users and tenants in this process forget entries
 * at once; other processes see a deletion, deactivation, password change or suspension within
 * PRINCIPAL_TTL_MS.
 */
export const PRINCIPAL_TTL_MS = 5_000;

export function principalCache(cache: CacheRegistry) {
  return cache.named<PrincipalRow | null>('principals', PRINCIPAL_TTL_MS);
}

export function principalKey(tenantId: string, userId: string): string {
  return `${tenantId}:${userId}`;
}

/** After a change to one user (role, active flag, password, deletion). */
export function forgetPrincipal(cache: CacheRegistry, tenantId: string, userId: string): void {
  principalCache(cache).delete(principalKey(tenantId, userId));
}

/** After a change to a tenant's status: its users' entries go. */
export function forgetAllPrincipals(cache: CacheRegistry): void {
  principalCache(cache).clear();
}
