import { Campaign, UpdateCampaign } from '@promo/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerPromotionsLocales } from '../../lib/locales/promotions.ts';
import { contractRequest, contractResponse } from '../../testing/contract-response.ts';
import { renderInBackOffice, stubMatchMedia } from '../../testing/render.tsx';
import { CampaignForm } from './campaign-form.tsx';

const CAMPAIGN = '0b7f5c2e-8d1a-4c1e-9a51-2f6f3c0d9e11';

beforeAll(() => {
  registerPromotionsLocales();
  stubMatchMedia();
  // the description's autosize textarea listens for web fonts, which happy-dom does not offer
  if (!document.fonts)
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stored = (kind: Campaign['kind'], settings: Record<string, unknown>): Campaign => ({
  id: CAMPAIGN,
  name: 'puntos-2026',
  title: 'Puntos 2026',
  description: null,
  kind,
  countryCode: 'CR',
  startsAt: '2026-01-01T06:00:00.000Z',
  endsAt: '2026-12-31T06:00:00.000Z',
  redeemFrom: null,
  redeemUntil: null,
  terms: null,
  privacy: null,
  groupId: null,
  settings,
  active: false,
  archived: false,
  state: 'draft',
  hasForm: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** Answers the countries and the save; keeps the bodies the form sends. */
function fakeServer(answer: (body: unknown) => Response): unknown[] {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if ((init.method ?? 'GET') === 'GET') {
      expect.soft(url).toBe('/api/countries');
      return new Response('[]', { headers: { 'Content-Type': 'application/json' } });
    }
    const body = JSON.parse(String(init.body));
    sent.push(body);
    return answer(body);
  });
  return sent;
}

function renderForm(campaign?: Campaign) {
  renderInBackOffice(<CampaignForm campaign={campaign} onDone={() => {}} />);
}

const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

// a whole form with Mantine inputs renders slowly on a loaded two-core machine
describe('a points campaign’s settings in the campaign form', { timeout: 15_000 }, () => {
  it('shows the points it credits and when they expire, and saves a change as the contract asks', async () => {
    const sent = fakeServer((body) =>
      contractResponse(Campaign, stored('points', (body as { settings: Record<string, unknown> }).settings)),
    );
    renderForm(stored('points', { pointsPerParticipation: 25 }));
    expect(screen.getByLabelText('Puntos por participación')).toHaveProperty('value', '25');
    expect(screen.getByLabelText('Vencimiento de los puntos (días)')).toHaveProperty('value', '');
    typeInto('Puntos por participación', '40');
    typeInto('Vencimiento de los puntos (días)', '90');
    fireEvent.click(screen.getByLabelText('Rechazar la participación'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = contractRequest(UpdateCampaign, { body: JSON.stringify(sent[0]) });
    expect(body.settings).toEqual({
      pointsPerParticipation: 40,
      pointsExpiryDays: 90,
      contactMismatch: 'refuse',
    });
  });

  it('removes a setting emptied on edit (null)', async () => {
    const sent = fakeServer(() => contractResponse(Campaign, stored('points', {})));
    renderForm(stored('points', { pointsPerParticipation: 25, pointsExpiryDays: 30 }));
    typeInto('Vencimiento de los puntos (días)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { settings: unknown }).settings).toEqual({
      pointsPerParticipation: 25,
      pointsExpiryDays: null,
      contactMismatch: 'record',
    });
  });

  it('proposes 10 points for a new points campaign', async () => {
    fakeServer(() => contractResponse(Campaign, stored('points', {})));
    renderForm();
    expect(screen.queryByLabelText('Puntos por participación')).toBeNull();
    fireEvent.click(screen.getByLabelText('Tipo', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Puntos' }));
    expect(await screen.findByLabelText('Puntos por participación')).toHaveProperty('value', '10');
  });

  it('refuses 0 points on its own input, before anything is sent', async () => {
    const sent = fakeServer(() => contractResponse(Campaign, stored('points', {})));
    renderForm(stored('points', {}));
    typeInto('Puntos por participación', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const input = screen.getByLabelText('Puntos por participación');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal of a setting on its input', async () => {
    fakeServer(
      () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Revise los datos.',
              details: [
                {
                  path: 'settings.pointsExpiryDays',
                  code: 'FIELD_INVALID',
                  message: 'El valor no es válido.',
                },
              ],
            },
          }),
          { status: 422, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    renderForm(stored('points', {}));
    typeInto('Vencimiento de los puntos (días)', '30');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const input = screen.getByLabelText('Vencimiento de los puntos (días)');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
  });

  it('offers no points settings on a raffle, only what a known identity number with another contact does', () => {
    fakeServer(() => contractResponse(Campaign, stored('raffle', {})));
    renderForm(stored('raffle', {}));
    expect(screen.queryByLabelText('Puntos por participación')).toBeNull();
    expect(screen.queryByLabelText('Vencimiento de los puntos (días)')).toBeNull();
    expect(screen.getByLabelText(/Aceptar y conservar/)).toHaveProperty('checked', true);
  });
});
