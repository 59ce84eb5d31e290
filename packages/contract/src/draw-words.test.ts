import { describe, expect, it } from 'vitest';
import { drawOptionsInWords, drawVerificationSteps, localDateTime } from './draw-words.ts';

const OPTIONS = {
  count: 1,
  alternates: 2,
  onePerIdentity: true,
  excludePreviousWinners: true,
  weighting: 'people' as const,
  department: 'San José',
  from: '2026-11-01T06:00:00.000Z',
  to: '2026-11-30T05:59:00.000Z',
};

describe('a draw in words', () => {
  it('says the options as sentences, the dates in the tenant zone whatever the machine zone', () => {
    expect(drawOptionsInWords(OPTIONS, 'America/Costa_Rica')).toEqual([
      '1 ganador y 2 suplentes',
      'Cada persona cuenta una vez',
      'Un solo premio por persona',
      'Excluye a quienes ganaron en sorteos anteriores de la campaña',
      'Solo participaciones del departamento San José',
      'Participaciones desde el 1/11/26, 0:00 (hora de America/Costa_Rica)',
      'Participaciones hasta el 29/11/26, 23:59 (hora de America/Costa_Rica)',
    ]);
    expect(
      drawOptionsInWords(
        { ...OPTIONS, count: 3, alternates: 1, department: null, from: null, to: null },
        'UTC',
        'en',
      ),
    ).toEqual([
      '3 winners and 1 alternate',
      'Each person counts once',
      'One prize per person',
      "Leaves out the winners of the campaign's earlier draws",
      'Entries of every department',
    ]);
    expect(localDateTime('2026-11-24T15:00:00Z', 'America/Panama')).toBe('24/11/26, 10:00');
  });

  it('tells how to verify with the address of the page, without a command line', () => {
    const steps = drawVerificationSteps('https://promo.example/verify-draw');
    expect(steps[1]).toBe(
      'Abra https://promo.example/verify-draw en cualquier navegador: no hace falta instalar nada ni iniciar sesión.',
    );
    expect(steps.join(' ')).not.toMatch(/npm|node/);
  });
});
