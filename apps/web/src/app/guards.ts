import type { Role } from '@promo/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { forceLogout, readSession } from '../features/auth/index.ts';
import { loginPath, withTenant } from '../lib/paths.ts';
import { readTenantConfig } from '../lib/session-storage.ts';

/** Runs on every navigation: an expired stored token forces the logout before anything renders. */
export function sessionCheckLoader() {
  const session = readSession();
  if (session.status === 'expired') throw redirect(forceLogout({ navigate: false }));
  return null;
}

/** Back-office entry: no stored token sends the person to login; a wrong tenant prefix is corrected. */
export function requireSessionLoader({ params, request }: LoaderFunctionArgs) {
  const session = readSession();
  if (session.status !== 'active') throw redirect(loginPath(params.tenant ?? readTenantConfig()?.slug));
  const ownTenant = session.payload.tenant;
  if ((params.tenant ?? null) !== ownTenant) {
    const url = new URL(request.url);
    const rest = url.pathname.slice(url.pathname.indexOf('/pages'));
    throw redirect(withTenant(ownTenant, rest) + url.search);
  }
  return null;
}

/** The builder is for ADMIN only: anyone else is sent to login. */
export function requireAdminLoader({ params }: LoaderFunctionArgs) {
  const session = readSession();
  if (session.status !== 'active' || session.payload.role !== 'ADMIN') {
    throw redirect(loginPath(params.tenant ?? readTenantConfig()?.slug));
  }
  return null;
}

/** A back-office page limited to some roles; others go back to the dashboard. */
export function requireRoleLoader(roles: readonly Role[]) {
  return ({ params }: LoaderFunctionArgs) => {
    const session = readSession();
    if (session.status !== 'active') throw redirect(loginPath(params.tenant));
    if (!roles.includes(session.payload.role)) throw redirect(withTenant(params.tenant, '/pages'));
    return null;
  };
}

/** Unknown paths land on login (the stored tenant's login when there is one). */
export function unknownPathLoader() {
  return redirect(loginPath(readTenantConfig()?.slug));
}
