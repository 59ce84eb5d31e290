import { Centre, Product, pageOf } from '@promo/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { registerMarketLocales } from '../../lib/locales/market.ts';
import { contractResponse } from '../../testing/contract-response.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { screenTests } from '../../testing/screen-tests.ts';
import { LotSetupForm } from './lot-setup-form.tsx';

screenTests(registerMarketLocales);

/** Empty option lists (products, shops); keeps what was posted (the tests send nothing). */
function fakeServer(): unknown[] {
  const posted: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (init.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      throw new TypeError('no answer');
    }
    const empty = { items: [], total: 0, page: 1, pageSize: 200 };
    if (url.startsWith('/api/products?')) return contractResponse(pageOf(Product), empty);
    expect.soft(url).toMatch(/^\/api\/redemption-centres\?/);
    return contractResponse(pageOf(Centre), empty);
  });
  return posted;
}

function renderForm() {
  renderWithProviders(<LotSetupForm />);
}

describe('lot setup form', () => {
  it('puts the spec messages on the lot’s fields and sends nothing', async () => {
    const posted = fakeServer();
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Agregar tienda' }));
    expect(screen.getByLabelText('Cantidad 2')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Cantidad 1'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar lotes' }));
    await waitFor(() => expect(screen.getByText('Cada lote debe tener un producto.')).toBeTruthy());
    expect(screen.getAllByText('Las cantidades de los lotes deben ser mayores que cero.')).toHaveLength(1);
    expect(posted).toEqual([]);
  });

  it('says a setup needs a lot, and a lot a shop', async () => {
    fakeServer();
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar la tienda 1 del lote 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Agregar lote' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar lotes' }));
    await waitFor(() => expect(screen.getByText('Cada lote debe tener al menos una tienda.')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Quitar el lote 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Quitar el lote 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar lotes' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Debe agregar al menos un lote.'));
  });
});
