import { Loader, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../testing/render.tsx';
import { buildMantineTheme } from './theme.ts';

const labels = {
  togglePassword: 'Mostrar u ocultar la contraseña',
  close: 'Cerrar',
  eyeDropper: 'Tomar un color de la pantalla',
  loading: 'Cargando',
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
});
