import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSessionStorage,
  isPersistentLogin,
  readToken,
  STORAGE_KEYS,
  storeTenantConfig,
  storeToken,
  writeBuilderBackup,
} from './session-storage.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('storeToken', () => {
  it('keeps a persistent login in localStorage', () => {
    storeToken('t1', true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('t1');
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(isPersistentLogin()).toBe(true);
    expect(readToken()).toBe('t1');
  });

  it('keeps any other login in sessionStorage', () => {
    storeToken('t2', false);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('t2');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(isPersistentLogin()).toBe(false);
  });
});

describe('clearSessionStorage', () => {
  it('forgets the session but keeps the builder backup and the language', () => {
    storeToken('t3', true);
    storeTenantConfig({ slug: 'demo', name: 'Demo', preset: 'light', colors: {} });
    sessionStorage.setItem(STORAGE_KEYS.buildFlag, '1');
    localStorage.setItem(`${STORAGE_KEYS.landingEditPrefix}home`, '{}');
    localStorage.setItem(STORAGE_KEYS.locale, 'en');
    writeBuilderBackup({ landingId: 'l-1', elements: [{ id: 1 }] });

    clearSessionStorage();

    expect(Object.keys(localStorage).sort()).toEqual(
      [STORAGE_KEYS.builderBackup, STORAGE_KEYS.locale].sort(),
    );
    expect(sessionStorage.length).toBe(0);
  });
});
