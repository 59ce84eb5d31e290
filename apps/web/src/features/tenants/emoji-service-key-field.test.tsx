import type { Tenant } from '@promo/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../testing/render.tsx';
import { EditTenantForm } from './tenant-forms.tsx';

const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const tenant: Tenant = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'acme',
  name: 'Acme',
  status: 'active',
  countryCode: 'CR',
  theme: { preset: 'light', colors: {}, logoUrl: null, font: 'system' },
  config: {
    tagManagerId: null,
    supportEmail: null,
    supportPhone: null,
    defaultLocale: 'es',
    mapTiles: null,
    emojiServiceKey: null,
  },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Keeps what was sent with PATCH and answers it back as the saved tenant. */
function fakeServer(): unknown[] {
  const patched: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const body = init.method === 'PATCH' ? JSON.parse(String(init.body)) : null;
    if (body) patched.push(body);
    const answer = body ? { ...tenant, ...body, config: { ...tenant.config, ...body.config } } : [];
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return patched;
}

describe('the emoji service key in the tenant form', () => {
  it('is typed in a field that does not print it, and saved with the configuration', async () => {
    const patched = fakeServer();
    renderWithProviders(<EditTenantForm tenant={tenant} onDone={() => {}} />);
    const field = screen.getByLabelText('Clave del servicio de emojis') as HTMLInputElement;
    expect(field.type).toBe('password');
    fireEvent.change(field, { target: { value: KEY } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(patched).toHaveLength(1));
    expect(patched[0]).toMatchObject({ config: { emojiServiceKey: KEY } });
  });

  it('refuses a value that is not a key, on its field', async () => {
    const patched = fakeServer();
    renderWithProviders(<EditTenantForm tenant={tenant} onDone={() => {}} />);
    fireEvent.change(screen.getByLabelText('Clave del servicio de emojis'), { target: { value: 'no <b>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getByText('El valor no es válido.')).toBeTruthy());
    expect(patched).toEqual([]);
  });
});
