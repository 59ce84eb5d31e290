import type { Role } from '@promo/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerMarketLocales } from '../../lib/locales/market.ts';
import { registerRafflesLocales } from '../../lib/locales/raffles.ts';
import { registerRedemptionLocales } from '../../lib/locales/redemption.ts';
import { renderWithProviders, stubMatchMedia } from '../../testing/render.tsx';
import { BackOfficeNav } from './back-office-nav.tsx';

beforeAll(() => {
  registerRedemptionLocales();
  registerRafflesLocales();
  registerMarketLocales();
  stubMatchMedia();
});
afterEach(cleanup);

/** What a person of `role` reads in the menu: each group's heading and its links, in order. */
function menuOf(role: Role): Record<string, string[]> {
  renderWithProviders(
    <MemoryRouter initialEntries={['/demo/pages']}>
      <BackOfficeNav role={role} tenant="demo" />
    </MemoryRouter>,
  );
  const menu: Record<string, string[]> = {};
  for (const group of screen.getAllByRole('group')) {
    const name = group.getAttribute('aria-label') ?? group.querySelector('p')?.textContent ?? '';
    menu[name] = within(group)
      .getAllByRole('link')
      .map((link) => link.textContent ?? '');
  }
  return menu;
}

describe('the back-office menu, grouped by what people do', () => {
  it('an admin sees every group, the landings and the users', () => {
    expect(menuOf('ADMIN')).toEqual({
      Inicio: ['Inicio'],
      Campañas: ['Campañas', 'Grupos de campañas', 'Landings'],
      Participantes: ['CRM (personas)', 'Lista negra'],
      'Premios y canje': ['Sorteos', 'Premios instantáneos', 'Códigos', 'Centros', 'Grupos de centros'],
      Marketplace: ['Marketplaces', 'Productos', 'Lotes', 'Puntos'],
      Reportes: ['Estadísticas', 'Reportes', 'Reportes de marketplace'],
      Configuración: ['Usuarios', 'Perfil'],
    });
    expect(screen.getByRole('link', { name: 'Landings' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/demo\/builder$/),
    );
  });

  it('an analyst sees the same groups without the builder nor the users', () => {
    const menu = menuOf('ANALYST');
    expect(menu.Campañas).toEqual(['Campañas', 'Grupos de campañas']);
    expect(menu.Configuración).toEqual(['Perfil']);
    expect(Object.keys(menu)).toEqual([
      'Inicio',
      'Campañas',
      'Participantes',
      'Premios y canje',
      'Marketplace',
      'Reportes',
      'Configuración',
    ]);
  });

  it('an operator sees only the counter, their redemptions and their profile', () => {
    expect(menuOf('OPERATOR')).toEqual({
      'Premios y canje': ['Mostrador', 'Mis canjes'],
      Configuración: ['Perfil'],
    });
  });

  it('the platform administrator sees the accounts and countries', () => {
    expect(menuOf('SUPERADMIN')).toEqual({
      Inicio: ['Inicio'],
      Configuración: ['Cuentas', 'Países', 'Perfil'],
    });
  });
});
