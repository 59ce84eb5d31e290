import { modals } from '@mantine/modals';
import { errorMessage } from '@promo/contract';
import { buildUrl } from '../../lib/api.ts';
import { appLocale } from '../../lib/i18n.ts';
import { decodeToken, isTokenExpired, type TokenPayload } from '../../lib/jwt.ts';
import { loginPath } from '../../lib/paths.ts';
import { queryClient } from '../../lib/query-client.ts';
import {
  clearSessionStorage,
  isBuilderOpen,
  readTenantConfig,
  readToken,
  writeBuilderBackup,
} from '../../lib/session-storage.ts';
import { resetTheme } from '../../lib/theme.ts';
import { showToast } from '../../lib/toasts.ts';

type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);
let builderElements: (() => { landingId: string; elements: unknown }) | null = null;

/** The router registers how to move without a page reload. */
export function setSessionNavigator(next: Navigate): void {
  navigate = next;
}

/** The builder registers how to read its element list, so a forced logout can back it up. */
export function registerBuilderElements(
  getter: (() => { landingId: string; elements: unknown }) | null,
): void {
  builderElements = getter;
}

export type SessionState =
  | { status: 'none' }
  | { status: 'expired'; token: string }
  | { status: 'active'; token: string; payload: TokenPayload };

/** Reads the stored token and checks its `exp` against the clock. */
export function readSession(now: number = Date.now()): SessionState {
  const token = readToken();
  if (!token) return { status: 'none' };
  const payload = decodeToken(token);
  if (!payload || isTokenExpired(token, now)) return { status: 'expired', token };
  return { status: 'active', token, payload };
}

function storedTenant(): string | null {
  const token = readToken();
  return readTenantConfig()?.slug ?? (token ? (decodeToken(token)?.tenant ?? null) : null);
}

/**
 * Clears the stored session (landing edits, token, build flag, persistent flag, tenant config),
 * resets the theme and goes to the tenant's login, or the plain login. Returns that path.
 */
export function logout(options: { navigate?: boolean } = {}): string {
  const target = loginPath(storedTenant());
  clearSessionStorage();
  resetTheme();
  queryClient.clear();
  if (options.navigate !== false) navigate(target);
  return target;
}

/**
 * The person signs out: the server ends every token of theirs, on every device (a request that
 * outlives the page; if it cannot be made, the token still expires), then as `logout`.
 */
export function signOut(): string {
  const token = readToken();
  if (token) {
    void fetch(buildUrl('/auth/logout'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      keepalive: true,
    }).catch(() => undefined);
  }
  return logout();
}

/**
 * The forced logout of an expired session: close every modal, back up the builder's elements,
 * tell the person, then log out. Runs once per session even when many calls fail together.
 */
export function forceLogout(options: { navigate?: boolean } = {}): string {
  const target = loginPath(storedTenant());
  // already logged out (by this or another refused call): nothing left to end, nowhere else to go
  if (!readToken()) return target;
  modals.closeAll();
  if (isBuilderOpen() && builderElements) writeBuilderBackup(builderElements());
  showToast('info', errorMessage('SESSION_FINISHED', appLocale()));
  return logout(options);
}
