import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../testing/render.tsx';
import { CheckedInput, plain } from './checked-input.tsx';

beforeEach(() => {
  stubMatchMedia();
  // (a one-line field: happy-dom cannot size Mantine's autosize text area)
  // no network at all: neither the tenant nor the emoji service answer
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the emoji picker of a builder text field', () => {
  it('works offline: searching the bundled set and picking adds the emoji to the text', async () => {
    const onCommit = vi.fn();
    renderWithProviders(
      <CheckedInput
        label="Título"
        testId="page-title"
        emoji
        value="Hola "
        check={plain}
        onCommit={onCommit}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Insertar un emoji' }));
    const search = await screen.findByLabelText('Buscar emoji', {}, { timeout: 15_000 });
    fireEvent.change(search, { target: { value: 'pizza' } });
    const pizza = await screen.findByLabelText('pizza', {}, { timeout: 3000 });
    expect(screen.getByTestId('emoji-source').textContent).toBe('Conjunto incluido (sin conexión)');
    fireEvent.click(pizza);
    await waitFor(() => expect(onCommit).toHaveBeenLastCalledWith('Hola 🍕'));
    expect((screen.getByTestId('page-title') as HTMLInputElement).value).toBe('Hola 🍕');
  }, 30_000);
});
