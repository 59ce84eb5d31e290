import { describe, expect, it } from 'vitest';
import {
  centreLine,
  nearestFirst,
  outcomeMessage,
  redemptionWindow,
  revealHeadline,
} from './outcome-text.ts';

describe('outcome words', () => {
  it('writes the redemption window in the campaign’s time zone', () => {
    const window = { from: '2026-05-01T06:00:00Z', until: '2026-07-01T05:59:00Z' };
    // Costa Rica is UTC-6: the bounds are midnight and 23:59 local, not 06:00 and 05:59
    expect(redemptionWindow(window, 'America/Costa_Rica')).toBe(
      'Del 1 de mayo de 2026 a las 0:00 al 30 de junio de 2026 a las 23:59.',
    );
    expect(redemptionWindow(window, 'Europe/Madrid')).toBe(
      'Del 1 de mayo de 2026 a las 8:00 al 1 de julio de 2026 a las 7:59.',
    );
    expect(redemptionWindow({ from: null, until: window.until }, 'America/Costa_Rica')).toBe(
      'Desde ya y hasta el 30 de junio de 2026 a las 23:59.',
    );
    expect(redemptionWindow({ from: null, until: null }, 'America/Costa_Rica')).toBe(
      'Desde ya, sin fecha límite.',
    );
  });

  it('orders centres nearest first, with their distance, unplaced ones last', () => {
    const centres = [
      { name: 'Sin mapa', address: 'Centro' },
      { name: 'San José', address: 'Av. Central', lat: 9.93, lng: -84.08 },
      { name: 'Liberia', address: 'Parque', lat: 10.63, lng: -85.44 },
    ];
    expect(nearestFirst(centres)).toEqual(centres);
    const sorted = nearestFirst(centres, { lat: 10.6, lng: -85.4 });
    expect(sorted.map((c) => c.name)).toEqual(['Liberia', 'San José', 'Sin mapa']);
    expect(centreLine(sorted[0] as never)).toMatch(/^Parque \(\d\.\d km\)$/);
    expect(centreLine(sorted[2] as never)).toBe('Centro');
  });

  it('says raffle, instant award and points results in words', () => {
    expect(outcomeMessage({ kind: 'raffle', entries: 1 })).toBe(
      '¡Listo! Tiene 1 participación en el sorteo.',
    );
    expect(outcomeMessage({ kind: 'points', balance: 1500 })).toBe('¡Listo! Su saldo es de 1,500 puntos.');
    expect(outcomeMessage({ kind: 'instant_award', won: false })).toBe(
      'Gracias por participar. Esta vez no obtuvo premio.',
    );
    expect(
      outcomeMessage({
        kind: 'instant_award',
        won: true,
        prize: { name: 'Televisor', centre: { name: 'Tienda Sur', address: 'Calle 5' } },
      }),
    ).toBe('¡Felicidades! Ganó: Televisor. Reclámelo en Tienda Sur, Calle 5, con su documento de identidad.');
  });

  it('turns the instant-award card to the prize, or to "no" in words', () => {
    expect(revealHeadline({ kind: 'instant_award', won: true, prize: { name: 'Bicicleta' } } as never)).toBe(
      '¡Ganó Bicicleta!',
    );
    expect(revealHeadline({ kind: 'instant_award', won: true } as never)).toBe('¡Ganó un premio!');
    expect(revealHeadline({ kind: 'instant_award', won: false } as never)).toBe('Esta vez no ganó');
  });
});
