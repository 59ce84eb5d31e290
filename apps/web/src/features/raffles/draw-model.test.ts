import { describe, expect, it } from 'vitest';
import {
  certificateFileName,
  certificateJson,
  drawFormErrors,
  drawParams,
  EMPTY_DRAW_FORM,
  groupHash,
  maskCedula,
} from './draw-model.ts';

describe('draw form', () => {
  it('turns the form into the API options, leaving empty filters out', () => {
    expect(drawParams({ ...EMPTY_DRAW_FORM, count: ' 3 ', alternates: '2' }, 'America/Costa_Rica')).toEqual({
      count: 3,
      alternates: 2,
      onePerIdentity: true,
      excludePreviousWinners: false,
      weighting: 'entries',
    });
  });

  it('reads dates in the tenant zone and keeps the department', () => {
    const params = drawParams(
      {
        ...EMPTY_DRAW_FORM,
        department: ' Heredia ',
        from: '2026-06-01T00:00',
        to: '2026-06-02T00:00',
        onePerIdentity: true,
        weighting: 'people',
      },
      'America/Costa_Rica',
    );
    expect(params).toMatchObject({
      department: 'Heredia',
      from: '2026-06-01T06:00:00.000Z',
      to: '2026-06-02T06:00:00.000Z',
      onePerIdentity: true,
      weighting: 'people',
    });
    expect(drawFormErrors(params)).toEqual({});
  });

  it('refuses a count below one, a bad number and a range that ends first', () => {
    const params = drawParams(
      { ...EMPTY_DRAW_FORM, count: '0', alternates: 'x', from: '2026-06-02T00:00', to: '2026-06-01T00:00' },
      'UTC',
    );
    expect(drawFormErrors(params)).toEqual({
      count: 'FIELD_INVALID',
      alternates: 'FIELD_INVALID',
      to: 'DATE_RANGE_INVALID',
    });
    expect(drawParams({ ...EMPTY_DRAW_FORM, alternates: '' }, 'UTC').alternates).toBe(0);
  });
});

describe('certificate helpers', () => {
  it('writes the JSON verify-draw reads, named by the draw', () => {
    const certificate = { drawId: 'abc', seed: 'ff' } as never;
    expect(JSON.parse(certificateJson(certificate, 'America/Panama'))).toEqual({
      drawId: 'abc',
      seed: 'ff',
      timeZone: 'America/Panama',
    });
    expect(certificateFileName({ drawId: 'abc' })).toBe('certificate-abc.json');
  });

  it('masks identity numbers and groups hashes', () => {
    expect(maskCedula('112345678')).toBe('••••••678');
    expect(maskCedula('12')).toBe('••');
    expect(groupHash('0123456789abcdef01')).toBe('01234567 89abcdef 01');
  });
});
