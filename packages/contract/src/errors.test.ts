import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Email, HexColor, TenantSlug } from './common.ts';
import { errorCodes, errorMessage, errorStatus } from './errors.ts';
import { issuesToDetails } from './validation.ts';

describe('error catalogue', () => {
  it('keeps the three messages the specification quotes, exactly', () => {
    expect(errorMessage('LOGIN_FAILED')).toBe('El usuario o la contraseña son incorrectos!');
    expect(errorMessage('INTERNAL_ERROR')).toBe(
      'Algo salio mal, inténtelo de nuevo o comuníquese con su proveedor!',
    );
    expect(errorMessage('SESSION_FINISHED')).toBe('La sesión a finalizado!');
  });

  it('has both languages for every code, and the statuses the API promises', () => {
    for (const code of errorCodes) {
      expect(errorMessage(code, 'es').length, code).toBeGreaterThan(3);
      expect(errorMessage(code, 'en').length, code).toBeGreaterThan(3);
    }
    expect(
      Object.fromEntries(
        (
          [
            'VALIDATION_FAILED',
            'UNAUTHENTICATED',
            'FORBIDDEN',
            'NOT_FOUND',
            'CODE_ALREADY_REDEEMED',
            'CODE_OUTSIDE_REDEMPTION_WINDOW',
            'CODE_REVOKED',
            'UNDERAGE',
            'PARTICIPATION_LIMIT',
            'RATE_LIMITED',
            'CAMPAIGN_NOT_ACTIVE',
          ] as const
        ).map((c) => [c, errorStatus(c)]),
      ),
    ).toEqual({
      VALIDATION_FAILED: 400,
      UNAUTHENTICATED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      CODE_ALREADY_REDEEMED: 409,
      CODE_OUTSIDE_REDEMPTION_WINDOW: 422,
      CODE_REVOKED: 409,
      UNDERAGE: 422,
      PARTICIPATION_LIMIT: 422,
      RATE_LIMITED: 429,
      CAMPAIGN_NOT_ACTIVE: 422,
    });
  });

  it('fills placeholders', () => {
    expect(errorMessage('PHONE_DIGITS', 'es', { digits: 8 })).toBe(
      'El teléfono debe tener exactamente 8 dígitos.',
    );
  });
});

describe('issuesToDetails', () => {
  const Form = z.strictObject({ slug: TenantSlug, email: Email, color: HexColor, count: z.number().min(1) });

  it('names each field with its catalogue code and message', () => {
    const result = Form.safeParse({
      slug: 'Bad Slug',
      email: 'a b@b.com',
      color: '#12',
      count: 0,
      other: true,
    });
    expect(result.success).toBe(false);
    const details = issuesToDetails(result.error?.issues ?? []);
    expect(details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'slug', code: 'SLUG_FORMAT' }),
        expect.objectContaining({
          path: 'email',
          code: 'EMAIL_FORMAT',
          message: 'El correo electrónico no debe tener espacios.',
        }),
        expect.objectContaining({ path: 'color', code: 'COLOR_FORMAT' }),
        expect.objectContaining({
          path: 'count',
          code: 'NUMBER_TOO_SMALL',
          message: 'Debe ser mayor o igual a 1.',
        }),
        expect.objectContaining({ path: 'other', code: 'UNKNOWN_FIELD' }),
      ]),
    );
  });

  it('calls a missing field required', () => {
    const result = Form.safeParse({});
    expect(issuesToDetails(result.error?.issues ?? []).map((d) => d.code)).toEqual([
      'FIELD_REQUIRED',
      'FIELD_REQUIRED',
      'FIELD_REQUIRED',
      'FIELD_REQUIRED',
    ]);
  });

  it('accepts colours of 3, 6 or 8 hex digits with an optional #', () => {
    for (const ok of ['#abc', 'abc', '#a1b2c3', 'A1B2C3D4'])
      expect(HexColor.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['#ab', 'abcd', '#ggg', '#a1b2c3d'])
      expect(HexColor.safeParse(bad).success, bad).toBe(false);
  });
});
