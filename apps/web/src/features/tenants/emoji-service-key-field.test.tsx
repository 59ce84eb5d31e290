import { Country, Tenant, UpdateTenant } from '@promo/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { contractRequest, contractResponse } from '../../testing/contract-response.ts';
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

/** Keeps what was sent with PATCH and answers it back as the saved tenant; no countries to list. */
function fakeServer(): unknown[] {
  const patched: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (init.method === 'PATCH' && url === `/api/tenants/${tenant.id}`) {
      const body = contractRequest(UpdateTenant, init);
      patched.push(JSON.parse(String(init.body)));
      // the saved tenant: only the key changes in these tests
      const emojiServiceKey = body.config?.emojiServiceKey ?? tenant.config.emojiServiceKey;
      return contractResponse(Tenant, { ...tenant, config: { ...tenant.config, emojiServiceKey } });
    }
    if (url === '/api/countries') return contractResponse(z.array(Country), []);
    expect.soft(`${init.method ?? 'GET'} ${url}`, 'a request the fake does not answer').toBeUndefined();
    throw new TypeError('no answer');
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
