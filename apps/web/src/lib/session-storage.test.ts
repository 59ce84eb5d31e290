import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSessionStorage,
  isPersistentLogin,
  openSealedStorage,
  readTenantConfig,
  readToken,
  STORAGE_KEYS,
  sealedWritesDone,
  storeTenantConfig,
  storeToken,
  writeBuilderBackup,
} from './session-storage.ts';
import { deriveStorageKey, encryptValue } from './storage-crypto.ts';

const DEPLOYMENT_KEY = 'deployment-storage-key-0123456789-abcdef';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1LTEiLCJ0ZW5hbnQiOiJkZW1vIn0.c2lnbmF0dXJl';

/** A new page of the same deployment: storage is decrypted again from what the browser kept. */
const reopen = (key = DEPLOYMENT_KEY) => openSealedStorage(key);

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await reopen();
});

describe('storeToken', () => {
  it('keeps a persistent login in localStorage, encrypted, and reads it back on the next page', async () => {
    storeToken(TOKEN, true);
    await sealedWritesDone();
    const stored = localStorage.getItem(STORAGE_KEYS.token) ?? '';
    expect(stored).toMatch(/^enc1\./);
    expect(stored).not.toContain(TOKEN.split('.')[1]);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(isPersistentLogin()).toBe(true);
    expect(readToken()).toBe(TOKEN);
    await reopen();
    expect(readToken()).toBe(TOKEN);
  });

  it('keeps any other login in sessionStorage, encrypted', async () => {
    storeToken(TOKEN, false);
    await sealedWritesDone();
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toMatch(/^enc1\./);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(isPersistentLogin()).toBe(false);
    await reopen();
    expect(readToken()).toBe(TOKEN);
  });
});

describe('sealed values', () => {
  it('stores the tenant configuration as no readable text, and reads it back', async () => {
    storeTenantConfig({ slug: 'demo', name: 'Demo Tienda', preset: 'light', colors: {} });
    await sealedWritesDone();
    expect(localStorage.getItem(STORAGE_KEYS.tenantConfig)).not.toContain('Demo Tienda');
    await reopen();
    expect(readTenantConfig()?.name).toBe('Demo Tienda');
  });

  it('treats a plain value from before as absent and removes it', async () => {
    localStorage.setItem(STORAGE_KEYS.token, TOKEN);
    localStorage.setItem(STORAGE_KEYS.tenantConfig, '{"slug":"demo"}');
    await reopen();
    expect(readToken()).toBeNull();
    expect(readTenantConfig()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.tenantConfig)).toBeNull();
  });

  it("treats a value sealed under another deployment's key as absent and removes it", async () => {
    const other = await deriveStorageKey('another-deployment-key-0123456789-xyz');
    localStorage.setItem(STORAGE_KEYS.token, await encryptValue(other, TOKEN));
    await reopen();
    expect(readToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // and a damaged value the same
    storeToken(TOKEN, true);
    await sealedWritesDone();
    localStorage.setItem(STORAGE_KEYS.token, `${localStorage.getItem(STORAGE_KEYS.token)?.slice(0, -2)}xx`);
    await reopen();
    expect(readToken()).toBeNull();
  });
});

describe('clearSessionStorage', () => {
  it('forgets the session but keeps the builder backup and the language', async () => {
    storeToken('t3', true);
    storeTenantConfig({ slug: 'demo', name: 'Demo', preset: 'light', colors: {} });
    sessionStorage.setItem(STORAGE_KEYS.buildFlag, '1');
    localStorage.setItem(`${STORAGE_KEYS.landingEditPrefix}home`, '{}');
    localStorage.setItem(STORAGE_KEYS.locale, 'en');
    writeBuilderBackup({ landingId: 'l-1', elements: [{ id: 1 }] });
    await sealedWritesDone();

    clearSessionStorage();
    await sealedWritesDone();

    expect(Object.keys(localStorage).sort()).toEqual(
      [STORAGE_KEYS.builderBackup, STORAGE_KEYS.locale].sort(),
    );
    expect(sessionStorage.length).toBe(0);
  });
});

describe('without Web Crypto (a page served over plain http)', () => {
  it('still opens, keeps values for the page only and leaves nothing readable in storage', async () => {
    storeToken(TOKEN, true);
    await sealedWritesDone();
    const subtle = Object.getOwnPropertyDescriptor(globalThis.crypto, 'subtle');
    Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true });
    try {
      await reopen();
      expect(readToken()).toBeNull();
      storeToken('another', true);
      expect(readToken()).toBe('another');
      await sealedWritesDone();
      expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBe('another');
    } finally {
      if (subtle) Object.defineProperty(globalThis.crypto, 'subtle', subtle);
    }
  });
});
