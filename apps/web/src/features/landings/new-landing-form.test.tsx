import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerBuilderLocales } from '../../lib/locales/builder.ts';
import { renderWithProviders, stubMatchMedia } from '../../testing/render.tsx';
import { NewLandingForm } from './new-landing-form.tsx';

const CAMPAIGN = '0b7f5c2e-8d1a-4c1e-9a51-2f6f3c0d9e11';

beforeAll(() => {
  registerBuilderLocales();
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Keeps what the form sends: the path and the JSON body. */
function fakeServer(): { url: string; body: unknown }[] {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url: String(url), body: JSON.parse(String(init.body ?? 'null')) });
    return new Response(JSON.stringify({ id: CAMPAIGN, version: 1 }), {
      status: 201,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return sent;
}

describe('new landing', () => {
  it('creates the campaign’s designed form page when that template is chosen', async () => {
    const sent = fakeServer();
    renderWithProviders(<NewLandingForm campaignId={CAMPAIGN} />);
    fireEvent.change(screen.getByLabelText('Nombre de la nueva landing'), {
      target: { value: ' Registro ' },
    });
    fireEvent.change(screen.getByLabelText('Plantilla'), { target: { value: 'form' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear landing' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url).toMatch(/\/api\/landing-pages\/template$/);
    expect(sent[0]?.body).toEqual({ name: 'Registro', campaignId: CAMPAIGN, page: 'form' });
  });

  it('creates an empty page titled as the landing by default', async () => {
    const sent = fakeServer();
    renderWithProviders(<NewLandingForm campaignId={CAMPAIGN} />);
    expect(screen.getByRole('option', { name: 'Página de agradecimiento' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nombre de la nueva landing'), { target: { value: 'Vacía' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear landing' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url).toMatch(/\/api\/landing-pages$/);
    expect(sent[0]?.body).toMatchObject({
      name: 'Vacía',
      campaignId: CAMPAIGN,
      document: { page: { title: 'Vacía' } },
    });
  });
});
