/**
 * Every browser-storage key the web app uses, in one place.
 *
 * | key                         | storage                      | holds                                        | sealed |
 * |-----------------------------|------------------------------|----------------------------------------------|--------|
 * | `promo.token`               | local (persistent) / session | the back-office JWT                           | yes    |
 * | `promo.persistent-login`    | local                        | '1' when the user asked to stay signed in    | no     |
 * | `promo.tenant-config`       | local                        | the signed-in tenant: slug, name, theme      | yes    |
 * | `promo.build`               | session                      | '1' while the builder is open (build flag)   | no     |
 * | `promo.landing-edit.*`      | local                        | landing pages being edited, the clipboard    | yes    |
 * | `builder-backup`            | local                        | builder elements saved by a forced logout    | yes    |
 * | `promo.locale`              | local                        | the chosen interface language (kept)         | no     |
 *
 * Sealed values are encrypted (AES-GCM, lib/storage-crypto.ts, decision 017). They are decrypted
 * once when the app starts (`openSealedStorage`) and read from memory from then on; a write is
 * in memory at once and in storage as soon as it is encrypted. A stored value that does not
 * decrypt (plain text from before, another deployment's key) is treated as absent and removed.
 *
 * A logout clears everything except `builder-backup` and `promo.locale`.
 */
import type { ThemeColorKey } from '@promo/contract';
import { decryptValue, deriveStorageKey, encryptValue } from './storage-crypto.ts';

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

/** The part of `Storage` the sealed stores and their users need. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type Area = 'local' | 'session';

function isSealedKey(key: string): boolean {
  return (
    key === STORAGE_KEYS.token ||
    key === STORAGE_KEYS.tenantConfig ||
    key === STORAGE_KEYS.builderBackup ||
    key.startsWith(STORAGE_KEYS.landingEditPrefix)
  );
}

const browserStorage = (area: Area): Storage => (area === 'local' ? localStorage : sessionStorage);
const plain: Record<Area, Map<string, string>> = { local: new Map(), session: new Map() };
/** Each key's write count: an encryption that finishes after a later write or removal is dropped. */
const writes = new Map<string, number>();
let sealingKey: Promise<CryptoKey> | null = null;
let sealing: Promise<unknown> = Promise.resolve();
let isFollowingOtherTabs = false;

function sealedStore(area: Area): KeyValueStore & { keys(): string[] } {
  const bump = (key: string) => {
    const count = (writes.get(`${area}:${key}`) ?? 0) + 1;
    writes.set(`${area}:${key}`, count);
    return count;
  };
  return {
    getItem: (key) => plain[area].get(key) ?? null,
    setItem: (key, value) => {
      plain[area].set(key, value);
      const count = bump(key);
      const key$ = sealingKey;
      if (!key$) return;
      const write = key$
        .then((cryptoKey) => encryptValue(cryptoKey, value))
        .then((sealed) => {
          if (writes.get(`${area}:${key}`) === count)
            safe(() => browserStorage(area).setItem(key, sealed), undefined);
        });
      sealing = Promise.all([sealing, write.catch(() => undefined)]);
    },
    removeItem: (key) => {
      plain[area].delete(key);
      bump(key);
      safe(() => browserStorage(area).removeItem(key), undefined);
    },
    keys: () => [...plain[area].keys()],
  };
}

/** Sealed local storage (kept after the tab closes). */
export const sealedLocal = sealedStore('local');
/** Sealed session storage (gone with the tab). */
export const sealedSession = sealedStore('session');

async function loadArea(area: Area, cryptoKey: CryptoKey): Promise<void> {
  const storage = browserStorage(area);
  const keys = safe(() => Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? ''), []);
  for (const key of keys.filter(isSealedKey)) {
    const raw = safe(() => storage.getItem(key), null);
    const value = raw === null ? null : await decryptValue(cryptoKey, raw);
    if (value === null) safe(() => storage.removeItem(key), undefined);
    else plain[area].set(key, value);
  }
}

/** Another tab changed local storage: follow its sealed values (sign-in, logout, clipboard). */
async function followOtherTab(event: StorageEvent): Promise<void> {
  if (event.storageArea !== localStorage || !sealingKey) return;
  if (event.key === null) return plain.local.clear();
  if (!isSealedKey(event.key)) return;
  const value = event.newValue === null ? null : await decryptValue(await sealingKey, event.newValue);
  if (value === null) plain.local.delete(event.key);
  else plain.local.set(event.key, value);
}

/**
 * Derives the key from the deployment's storage key and decrypts what is stored; run once before
 * the app reads anything. Without Web Crypto (plain http) nothing is read or kept: the app still
 * runs, and a reload signs the person out.
 */
export async function openSealedStorage(secret: string): Promise<void> {
  plain.local.clear();
  plain.session.clear();
  let cryptoKey: CryptoKey;
  try {
    sealingKey = deriveStorageKey(secret);
    cryptoKey = await sealingKey;
  } catch (error) {
    // no Web Crypto (a page served over plain http): values live in memory only, for this page
    sealingKey = null;
    console.error('browser storage is not encrypted here (Web Crypto needs https): nothing is kept', error);
    return;
  }
  await loadArea('local', cryptoKey);
  await loadArea('session', cryptoKey);
  if (!isFollowingOtherTabs) window.addEventListener('storage', (event) => void followOtherTab(event));
  isFollowingOtherTabs = true;
}

/** Resolves once every value written so far is encrypted into browser storage. */
export function sealedWritesDone(): Promise<unknown> {
  return sealing;
}

export function readToken(): string | null {
  return safe(
    () => sealedSession.getItem(STORAGE_KEYS.token) ?? sealedLocal.getItem(STORAGE_KEYS.token),
    null,
  );
}

/** Keeps the token in localStorage for a persistent login, else in sessionStorage (gone with the tab). */
export function storeToken(token: string, persistent: boolean): void {
  safe(() => {
    sealedSession.removeItem(STORAGE_KEYS.token);
    sealedLocal.removeItem(STORAGE_KEYS.token);
    if (persistent) {
      sealedLocal.setItem(STORAGE_KEYS.token, token);
      localStorage.setItem(STORAGE_KEYS.persistentLogin, '1');
    } else {
      sealedSession.setItem(STORAGE_KEYS.token, token);
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
    const raw = sealedLocal.getItem(STORAGE_KEYS.tenantConfig);
    return raw ? (JSON.parse(raw) as StoredTenantConfig) : null;
  }, null);
}

export function storeTenantConfig(config: StoredTenantConfig): void {
  safe(() => sealedLocal.setItem(STORAGE_KEYS.tenantConfig, JSON.stringify(config)), undefined);
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
      sealedLocal.setItem(
        STORAGE_KEYS.builderBackup,
        JSON.stringify({ savedAt: new Date().toISOString(), ...backup }),
      ),
    undefined,
  );
}

/** Removes what a logout must forget: landing edits, token, build flag, persistent flag, tenant config. */
export function clearSessionStorage(): void {
  for (const store of [sealedLocal, sealedSession]) {
    for (const key of store.keys()) if (key.startsWith(STORAGE_KEYS.landingEditPrefix)) store.removeItem(key);
    store.removeItem(STORAGE_KEYS.token);
    store.removeItem(STORAGE_KEYS.tenantConfig);
  }
  safe(() => {
    for (const storage of [localStorage, sessionStorage]) {
      const keys: string[] = [];
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index);
        if (key?.startsWith(STORAGE_KEYS.landingEditPrefix)) keys.push(key);
      }
      for (const key of keys) storage.removeItem(key);
      storage.removeItem(STORAGE_KEYS.buildFlag);
      storage.removeItem(STORAGE_KEYS.persistentLogin);
    }
  }, undefined);
}
