import { describe, expect, it } from 'vitest';
import {
  formatPoints,
  marketplaceOf,
  newKey,
  normaliseCode,
  otpIssue,
  pageAfterSignIn,
  pathsOf,
  placeErrors,
  readStoredSession,
  type StoredSession,
  signedPoints,
  signInIdentity,
} from './market-model.ts';

const now = Date.parse('2026-03-01T12:00:00Z');
const session: StoredSession = {
  token: 'tok',
  expiresAt: '2026-03-01T12:30:00Z',
  person: { id: 'p1', name: 'Ana' },
  marketplaces: [
    { id: 'm1', name: 'Uno' },
    { id: 'm2', name: 'Dos' },
  ],
};
const paths = pathsOf('demo', 'puntos');

describe('the stored customer session', () => {
  it('is read back while its token lives', () => {
    expect(readStoredSession(JSON.stringify(session), now)).toEqual(session);
  });

  it('is dropped when missing, broken, incomplete or about to expire', () => {
    expect(readStoredSession(null, now)).toBeNull();
    expect(readStoredSession('{not json', now)).toBeNull();
    expect(readStoredSession(JSON.stringify({ ...session, token: 1 }), now)).toBeNull();
    expect(readStoredSession(JSON.stringify({ ...session, marketplaces: null }), now)).toBeNull();
    expect(readStoredSession(JSON.stringify({ ...session, expiresAt: 'soon' }), now)).toBeNull();
    expect(
      readStoredSession(JSON.stringify({ ...session, expiresAt: '2026-03-01T12:00:05Z' }), now),
    ).toBeNull();
  });
});

describe('inputs', () => {
  it('requires the identity number (its formats: sign-in-identity.test.ts)', () => {
    expect(signInIdentity('  ')).toEqual({ issue: 'FIELD_REQUIRED' });
    expect(signInIdentity(' - ')).toEqual({ issue: 'FIELD_REQUIRED' });
  });

  it('wants six digits for the one-time code', () => {
    expect(otpIssue('')).toBe('FIELD_REQUIRED');
    expect(otpIssue('12345')).toBe('OTP_INVALID');
    expect(otpIssue('12a456')).toBe('OTP_INVALID');
    expect(otpIssue('123 456')).toBeNull();
  });

  it('normalises codes typed in lower case with spaces or hyphens', () => {
    expect(normaliseCode(' abcd-efgh 23 ')).toBe('ABCDEFGH23');
  });
});

describe('numbers', () => {
  it('shows points with thousands commas and a sign for ledger amounts', () => {
    expect(formatPoints(1250)).toBe('1,250');
    expect(formatPoints(0)).toBe('0');
    expect(signedPoints(1500)).toBe('+1,500');
    expect(signedPoints(-30)).toBe('−30');
    expect(signedPoints(0)).toBe('0');
  });
});

describe('refusals', () => {
  it('go to the field their path names, the rest to the message area', () => {
    const error = {
      message: 'Los datos no son válidos.',
      details: [
        { path: 'centreId', message: 'Elija la tienda donde retirará el producto.' },
        { path: 'productId', message: 'Este producto no está disponible en este momento.' },
      ],
    };
    expect(placeErrors(error, ['centreId', 'code'], 'x')).toEqual({
      byField: { centreId: 'Elija la tienda donde retirará el producto.' },
      general: 'Este producto no está disponible en este momento.',
    });
  });

  it('show the message when no field takes it, and the fallback when there is none', () => {
    expect(placeErrors({ message: 'No tiene puntos suficientes.' }, ['code'], 'x')).toEqual({
      byField: {},
      general: 'No tiene puntos suficientes.',
    });
    expect(placeErrors(undefined, [], 'Algo salio mal')).toEqual({ byField: {}, general: 'Algo salio mal' });
    expect(
      placeErrors(
        { message: 'm', details: [{ path: 'code.0', message: 'Código no válido' }] },
        ['code'],
        'x',
      ),
    ).toEqual({ byField: { code: 'Código no válido' }, general: null });
  });
});

describe('paths', () => {
  it('are the spec routes', () => {
    expect(paths.marketplaceAuth('m1')).toBe('/demo/marketplace-authentication/puntos?m=m1');
    expect(paths.marketplaceAuth(null)).toBe('/demo/marketplace-authentication/puntos');
    expect(paths.transactionsAuth).toBe('/demo/transactions-authentication/puntos');
    expect(paths.marketplace('m1')).toBe('/demo/marketplace/puntos/m1');
    expect(paths.code('m1')).toBe('/demo/marketplace-code/puntos/m1');
    expect(paths.transactions('p1')).toBe('/demo/transactions/puntos/p1');
  });

  it('lead after sign-in to the wanted marketplace when it is open, else the first, else nowhere', () => {
    expect(pageAfterSignIn('marketplace', session, paths, 'm2')).toBe('/demo/marketplace/puntos/m2');
    expect(pageAfterSignIn('marketplace', session, paths, 'gone')).toBe('/demo/marketplace/puntos/m1');
    expect(pageAfterSignIn('marketplace', { ...session, marketplaces: [] }, paths, null)).toBeNull();
    expect(pageAfterSignIn('transactions', session, paths, 'm2')).toBe('/demo/transactions/puntos/p1');
    expect(marketplaceOf(session, 'm2')).toBe('m2');
    expect(marketplaceOf(session, null)).toBe('m1');
  });

  it('makes a fresh idempotency key each time', () => {
    expect(newKey()).not.toBe(newKey());
    expect(newKey()).toMatch(/^[0-9a-f-]{32,36}$/);
  });
});
