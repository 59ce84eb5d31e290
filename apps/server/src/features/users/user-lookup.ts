import type { Tx } from '../../db/client.ts';
import type { PrincipalRow } from '../../platform/auth/guard.ts';
import type { UserRow } from './users.repository.ts';
import * as users from './users.repository.ts';

/** The user reads other features and the app need; they never reach the users' queries themselves. */

/** What the auth guard checks of a token's user (role, token version, tenant status), or null. */
export function findPrincipal(tx: Tx, tenantId: string, userId: string): Promise<PrincipalRow | null> {
  return users.findPrincipal(tx, tenantId, userId);
}

/** A user of the tenant by username, case-insensitively (sign-in). */
export function findUserByUsername(tx: Tx, tenantId: string, username: string): Promise<UserRow | undefined> {
  return users.findUserByUsername(tx, tenantId, username);
}

/** How many users the tenant has (the first run looks for a platform admin). */
export function countUsers(tx: Tx, tenantId: string): Promise<number> {
  return users.countUsers(tx, tenantId);
}

/** The names the given users are shown by (name, or username), by id; unknown ids are left out. */
export function userNames(tx: Tx, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  return users.findUserNames(tx, tenantId, ids);
}
