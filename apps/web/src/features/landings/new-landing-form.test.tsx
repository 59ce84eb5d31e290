import {
  Campaign,
  CreateLanding,
  CreateLandingFromTemplate,
  LandingCreated,
  StoredCampaignForm,
} from '@promo/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerBuilderLocales } from '../../lib/locales/builder.ts';
import { campaignSample } from '../../testing/campaign-sample.ts';
import { contractRequest, contractResponse } from '../../testing/contract-response.ts';
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

/** A raffle campaign as `GET /api/campaigns/{id}` answers it. */
const campaign = campaignSample({
  id: CAMPAIGN,
  name: 'gran-sorteo',
  title: 'Gran sorteo',
  kind: 'raffle',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2026-12-31T00:00:00.000Z',
  active: true,
  state: 'active',
});

/** Answers the campaign and its form; keeps what the form sends: the path and the JSON body. */
function fakeServer(): { url: string; body: unknown }[] {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if ((init.method ?? 'GET') === 'GET') {
      if (String(url).endsWith('/form'))
        return contractResponse(StoredCampaignForm, {
          fields: [{ key: 'name', type: 'text', label: 'Nombre completo', required: true }],
        });
      if (String(url).includes('/campaigns/')) return contractResponse(Campaign, campaign);
      return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'No encontrado' } }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    // what the form sends is what the route accepts
    const request = String(url).endsWith('/template') ? CreateLandingFromTemplate : CreateLanding;
    contractRequest(request, init);
    sent.push({ url: String(url), body: JSON.parse(String(init.body ?? 'null')) });
    return contractResponse(LandingCreated, { id: CAMPAIGN, version: 1 }, 201);
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
    fireEvent.click(screen.getByRole('radio', { name: /Formulario de la campaña/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Crear landing' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url).toMatch(/\/api\/landing-pages\/template$/);
    expect(sent[0]?.body).toEqual({ name: 'Registro', campaignId: CAMPAIGN, page: 'form' });
  });

  it('creates an empty page titled as the landing by default', async () => {
    const sent = fakeServer();
    renderWithProviders(<NewLandingForm campaignId={CAMPAIGN} />);
    expect(screen.getByRole('radio', { name: /Página de agradecimiento/ })).toBeTruthy();
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

  it('shows each choice as the page it starts from, filled with the campaign', async () => {
    fakeServer();
    renderWithProviders(<NewLandingForm campaignId={CAMPAIGN} />);
    const frame = await screen.findByTitle('Vista previa: Formulario de la campaña');
    const html = frame.getAttribute('srcdoc') ?? '';
    expect(html).toContain('Gran sorteo');
    expect(html).toContain('Nombre completo');
    expect(html).toContain('Participar en el sorteo');
    expect(frame.getAttribute('sandbox')).toBe('');
    const thanks = screen.getByTitle('Vista previa: Página de agradecimiento');
    expect(thanks.getAttribute('srcdoc')).toContain('¡Ya está participando!');
    expect(thanks.getAttribute('srcdoc')).not.toContain('Nombre completo');
  });
});
