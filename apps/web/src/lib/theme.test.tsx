import { Loader, MantineProvider, Pagination } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../testing/render.tsx';
import { buildMantineTheme } from './theme.ts';

const labels = {
  togglePassword: 'Mostrar u ocultar la contraseña',
  close: 'Cerrar',
  eyeDropper: 'Tomar un color de la pantalla',
  loading: 'Cargando',
  pages: {
    first: 'Primera página',
    previous: 'Página anterior',
    next: 'Página siguiente',
    last: 'Última página',
  },
};

describe('the theme', () => {
  beforeAll(stubMatchMedia);

  it('makes every loader a named status, so its name is allowed where Mantine draws a span', () => {
    const theme = buildMantineTheme({ preset: 'light', colors: {} }, labels);
    render(
      <MantineProvider theme={theme}>
        <Loader />
        <Loader aria-label="Comprobando el sorteo" />
      </MantineProvider>,
    );
    const names = screen.getAllByRole('status').map((loader) => loader.getAttribute('aria-label'));
    expect(names).toEqual(['Cargando', 'Comprobando el sorteo']);
  });

  it("names every pagination's arrows (they show no text), the numbers by their text", () => {
    const theme = buildMantineTheme({ preset: 'light', colors: {} }, labels);
    render(
      <MantineProvider theme={theme}>
        <Pagination total={3} value={2} onChange={() => {}} withEdges />
      </MantineProvider>,
    );
    const names = screen
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names).toEqual([
      'Primera página',
      'Página anterior',
      '1',
      '2',
      '3',
      'Página siguiente',
      'Última página',
    ]);
  });
});
