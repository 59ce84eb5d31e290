import { describe, expect, it } from 'vitest';
import { decodeToken, isTokenExpired } from './jwt.ts';

function tokenWith(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

describe('decodeToken', () => {
  it('reads the role, tenant and expiry', () => {
    const token = tokenWith({ sub: 'u1', role: 'ADMIN', tenant: 'demo', exp: 2_000_000_000 });
    expect(decodeToken(token)).toEqual({ sub: 'u1', role: 'ADMIN', tenant: 'demo', exp: 2_000_000_000 });
  });

  it('refuses what is not one of our tokens', () => {
    expect(decodeToken('garbage')).toBeNull();
    expect(decodeToken(tokenWith({ sub: 'u1', role: 'ROOT', exp: 1 }))).toBeNull();
  });
});

describe('isTokenExpired', () => {
  const token = tokenWith({ sub: 'u1', role: 'ANALYST', tenant: null, exp: 1_000 });

  it('compares exp (seconds) with the clock', () => {
    expect(isTokenExpired(token, 999_000)).toBe(false);
    expect(isTokenExpired(token, 1_000_000)).toBe(true);
  });

  it('treats an unreadable token as expired', () => {
    expect(isTokenExpired('a.b.c', 0)).toBe(true);
  });
});
