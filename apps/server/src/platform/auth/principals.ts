import type { CacheRegistry } from '../cache.ts';
import type { PrincipalRow } from './guard.ts';

/**
 * Who a token's subject is now, cached for a second: every authenticated request needs it, and
 * reading it costs a transaction. Changes to users and tenants forget entries at once here and, by
 * the invalidation bus, in every other process within milliseconds; the one-second life bounds
 * what a lost bus message can cost, so a deletion, deactivation, password change or suspension is
 * refused everywhere within a second whatever happens to the bus (issue #14). A busy counter
 * still reads its operator once a second per process, not once a request.
 */
export const PRINCIPAL_TTL_MS = 1_000;

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
