import type { Role } from '@promo/contract';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSessionStorage, storeToken } from '../lib/session-storage.ts';
import { routes } from './router.tsx';

// Spec §2/§6: the `pages` group is not guarded at its entry; its children keep their own guards.
// The entry only asks who is signed in (decision 014); every role gets in, and each child decides.

function signIn(role: Role, tenant: string | null) {
  const segment = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const payload = { sub: 'u1', role, tenant, exp: Math.floor(Date.now() / 1000) + 3600 };
  storeToken(`${segment({ alg: 'HS256' })}.${segment(payload)}.signature`, false);
}

/** Where a person ends up after opening `path` (every redirect followed). */
async function landOn(path: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await router.initialize();
  await new Promise<void>((resolve) => {
    if (router.state.initialized && router.state.navigation.state === 'idle') resolve();
    else
      router.subscribe((state) => {
        if (state.initialized && state.navigation.state === 'idle') resolve();
      });
  });
  const where = router.state.location.pathname;
  router.dispose();
  return where;
}

afterEach(() => {
  // the sealed values are also kept in memory once read: clear them as a logout does
  clearSessionStorage();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the pages group', () => {
  it('lets every signed-in role in at its entry: no permission is asked there', async () => {
    for (const role of ['ADMIN', 'ANALYST'] as const) {
      signIn(role, 'acme');
      expect(await landOn('/acme/pages')).toBe('/acme/pages');
    }
    signIn('OPERATOR', 'acme');
    expect(await landOn('/acme/pages')).toBe('/acme/pages/counter');
    signIn('SUPERADMIN', null);
    expect(await landOn('/pages')).toBe('/pages');
  });

  it('keeps the guard of each child: a role not listed goes back to the group’s home', async () => {
    signIn('ANALYST', 'acme');
    expect(await landOn('/acme/pages/campaigns')).toBe('/acme/pages/campaigns');
    expect(await landOn('/acme/pages/users')).toBe('/acme/pages');
    signIn('OPERATOR', 'acme');
    expect(await landOn('/acme/pages/counter')).toBe('/acme/pages/counter');
    expect(await landOn('/acme/pages/campaigns')).toBe('/acme/pages/counter');
    signIn('ADMIN', 'acme');
    expect(await landOn('/acme/pages/tenants')).toBe('/acme/pages');
  });

  it('sends someone not signed in to the tenant’s login, from the entry or any child', async () => {
    for (const path of [
      '/acme/pages',
      '/acme/pages/campaigns',
      '/acme/pages/profile',
      '/acme/pages/nothing-here',
    ]) {
      expect(await landOn(path)).toBe('/acme/login');
    }
  });
});
