/**
 * Every browser-storage key the web app uses, in one place.
 *
 * | key                         | storage                      | holds                                        |
 * |-----------------------------|------------------------------|----------------------------------------------|
 * | `promo.token`               | local (persistent) / session | the back-office JWT                           |
 * | `promo.persistent-login`    | local                        | '1' when the user asked to stay signed in    |
 * | `promo.tenant-config`       | local                        | the signed-in tenant: slug, name, theme      |
 * | `promo.build`               | session                      | '1' while the builder is open (build flag)   |
 * | `promo.landing-edit.*`      | local                        | landing pages being edited in the builder    |
 * | `builder-backup`            | local                        | builder elements saved by a forced logout    |
 * | `promo.locale`              | local                        | the chosen interface language (kept)         |
 *
 * A logout clears everything except `builder-backup` and `promo.locale`.
 */
import type { ThemeColorKey } from '@promo/contract';

export const STORAGE_KEYS = {
  token: 'promo.token',
  persistentLogin: 'promo.persistent-login',
  tenantConfig: 'promo.tenant-config',
  buildFlag: 'promo.build',
  landingEditPrefix: 'promo.landing-edit.',
  builderBackup: 'builder-backup',
  locale: 'promo.locale',
} as const;

export type StoredTenantConfig = {
  slug: string;
  name: string;
  colors: Partial<Record<ThemeColorKey, string>>;
  preset: 'light' | 'dark-purple';
  timeZone?: string;
};

function safe<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export function readToken(): string | null {
  return safe(
    () => sessionStorage.getItem(STORAGE_KEYS.token) ?? localStorage.getItem(STORAGE_KEYS.token),
    null,
  );
}

/** Keeps the token in localStorage for a persistent login, else in sessionStorage (gone with the tab). */
export function storeToken(token: string, persistent: boolean): void {
  safe(() => {
    sessionStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.token);
    if (persistent) {
      localStorage.setItem(STORAGE_KEYS.token, token);
      localStorage.setItem(STORAGE_KEYS.persistentLogin, '1');
    } else {
      sessionStorage.setItem(STORAGE_KEYS.token, token);
      localStorage.removeItem(STORAGE_KEYS.persistentLogin);
    }
  }, undefined);
}

/** Replaces the token where it already lives (after a password change hands out a fresh one). */
export function replaceToken(token: string): void {
  storeToken(token, isPersistentLogin());
}

export function isPersistentLogin(): boolean {
  return safe(() => localStorage.getItem(STORAGE_KEYS.persistentLogin) === '1', false);
}

export function readTenantConfig(): StoredTenantConfig | null {
  return safe(() => {
    const raw = localStorage.getItem(STORAGE_KEYS.tenantConfig);
    return raw ? (JSON.parse(raw) as StoredTenantConfig) : null;
  }, null);
}

export function storeTenantConfig(config: StoredTenantConfig): void {
  safe(() => localStorage.setItem(STORAGE_KEYS.tenantConfig, JSON.stringify(config)), undefined);
}

export function setBuildFlag(isOpen: boolean): void {
  safe(() => {
    if (isOpen) sessionStorage.setItem(STORAGE_KEYS.buildFlag, '1');
    else sessionStorage.removeItem(STORAGE_KEYS.buildFlag);
  }, undefined);
}

export function isBuilderOpen(): boolean {
  return safe(() => sessionStorage.getItem(STORAGE_KEYS.buildFlag) === '1', false);
}

export function writeBuilderBackup(backup: { landingId: string; elements: unknown }): void {
  safe(
    () =>
      localStorage.setItem(
        STORAGE_KEYS.builderBackup,
        JSON.stringify({ savedAt: new Date().toISOString(), ...backup }),
      ),
    undefined,
  );
}

/** Removes what a logout must forget: landing edits, token, build flag, persistent flag, tenant config. */
export function clearSessionStorage(): void {
  safe(() => {
    for (const storage of [localStorage, sessionStorage]) {
      const keys: string[] = [];
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index);
        if (key?.startsWith(STORAGE_KEYS.landingEditPrefix)) keys.push(key);
      }
      for (const key of keys) storage.removeItem(key);
      storage.removeItem(STORAGE_KEYS.token);
      storage.removeItem(STORAGE_KEYS.buildFlag);
      storage.removeItem(STORAGE_KEYS.persistentLogin);
      storage.removeItem(STORAGE_KEYS.tenantConfig);
    }
  }, undefined);
}
