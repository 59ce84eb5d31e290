import { describe, expect, it } from 'vitest';
import { centreFormValues, parseCoordinate, toCentreBody } from './centre-form-model.ts';

describe('centre form', () => {
  it('reads coordinates with a dot or a comma', () => {
    expect(parseCoordinate(' 9.9325 ')).toBe(9.9325);
    expect(parseCoordinate('-84,0795')).toBe(-84.0795);
    expect(parseCoordinate('')).toBeUndefined();
    expect(parseCoordinate('norte')).toBeNull();
  });

  it('leaves empty optional texts out on create and clears them on edit', () => {
    const values = {
      ...centreFormValues(),
      code: '100001',
      name: ' Centro ',
      latitude: '9.9',
      longitude: '-84',
    };
    expect(toCentreBody(values, false)).toEqual({
      code: '100001',
      name: 'Centro',
      latitude: 9.9,
      longitude: -84,
      active: true,
    });
    expect(toCentreBody(values, true)).toEqual({
      code: '100001',
      name: 'Centro',
      address: '',
      department: '',
      hours: '',
      latitude: 9.9,
      longitude: -84,
      active: true,
    });
  });

  it('sends a non-number coordinate as null so the server names the field', () => {
    const body = toCentreBody({ ...centreFormValues(), latitude: 'x', longitude: '200' }, false);
    expect(body.latitude).toBeNull();
    expect(body.longitude).toBe(200);
  });
});
