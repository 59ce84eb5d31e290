import { describe, expect, it } from 'vitest';
import { agePyramid, departmentBars, deviceSplit, fillDays, toCsv } from './chart-data.ts';

describe('chart data', () => {
  it('fills the days of the range without data with zeros', () => {
    expect(fillDays([{ day: '2026-05-02', participations: 3 }], '2026-05-01', '2026-05-03')).toEqual([
      { day: '2026-05-01', participations: 0 },
      { day: '2026-05-02', participations: 3 },
      { day: '2026-05-03', participations: 0 },
    ]);
    expect(fillDays([], undefined, undefined)).toEqual([]);
    expect(fillDays([{ day: '2026-05-02', participations: 1 }], undefined, undefined)).toHaveLength(1);
  });

  it('sorts departments by participations', () => {
    expect(
      departmentBars([
        { department: 'Limón', participations: 1 },
        { department: 'San José', participations: 5 },
        { department: 'Cartago', participations: 1 },
      ]).map((row) => row.department),
    ).toEqual(['San José', 'Cartago', 'Limón']);
  });

  it('builds the age pyramid with women as negative values, oldest band first', () => {
    const pyramid = agePyramid([
      { band: '18-24', sex: 'female', participations: 2 },
      { band: '18-24', sex: 'male', participations: 1 },
      { band: '65+', sex: 'male', participations: 4 },
      { band: '18-24', sex: 'unknown', participations: 7 },
    ]);
    expect(pyramid).toEqual([
      { band: '65+', female: 0, male: 4, other: 0 },
      { band: '18-24', female: -2, male: 1, other: 7 },
    ]);
  });

  it('names device classes', () => {
    expect(
      deviceSplit([
        { deviceClass: 3, participations: 2 },
        { deviceClass: 1, participations: 5 },
        { deviceClass: 0, participations: 1 },
      ]),
    ).toEqual([
      { device: 'mobile', participations: 5 },
      { device: 'desktop', participations: 2 },
      { device: 'unknown', participations: 1 },
    ]);
  });

  it('writes CSV with quoting and formula guarding', () => {
    expect(toCsv([{ a: 'x,y', b: '=1+1' }])).toBe('\uFEFFa,b\r\n"x,y",\'=1+1\r\n');
  });
});
