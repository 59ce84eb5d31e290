import { Campaign, errorMessage, UpdateCampaign } from '@promo/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ToastHost from '../../components/toast-host.tsx';
import { registerPromotionsLocales } from '../../lib/locales/promotions.ts';
import { campaignSample } from '../../testing/campaign-sample.ts';
import { contractRequest, contractResponse, errorResponse } from '../../testing/contract-response.ts';
import { renderInBackOffice, stubDocumentFonts, stubMatchMedia } from '../../testing/render.tsx';
import { CampaignForm } from './campaign-form.tsx';

const CAMPAIGN = '0b7f5c2e-8d1a-4c1e-9a51-2f6f3c0d9e11';

beforeAll(() => {
  registerPromotionsLocales();
  stubMatchMedia();
  stubDocumentFonts();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stored = (kind: Campaign['kind'], settings: Record<string, unknown>): Campaign =>
  campaignSample({ id: CAMPAIGN, kind, settings });

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

const STALE_MESSAGE = errorMessage('STALE_WRITE', 'es');
/** What I opened: version 3. */
const mine = campaignSample({ kind: 'raffle', title: 'Gran sorteo', version: 3 });
/** What Ana saved meanwhile: version 4. */
const theirs = campaignSample({ kind: 'raffle', title: 'Sorteo de Ana', description: 'De Ana', version: 4 });

/**
 * The server: the campaign as stored is `theirs`; a save on another version is refused as stale,
 * a save on its version is stored. Keeps the bodies of the saves.
 */
function staleFakeServer(): UpdateCampaign[] {
  const saves: UpdateCampaign[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if ((init.method ?? 'GET') === 'GET') {
      if (url === '/api/countries')
        return new Response('[]', { headers: { 'Content-Type': 'application/json' } });
      expect.soft(url).toBe(`/api/campaigns/${theirs.id}`);
      return contractResponse(Campaign, theirs);
    }
    const body = contractRequest(UpdateCampaign, init);
    saves.push(body);
    if (body.version !== theirs.version) return errorResponse('STALE_WRITE', 409, 'version');
    return contractResponse(Campaign, { ...theirs, title: body.title ?? theirs.title, version: 5 });
  });
  return saves;
}

/** Opens my campaign, types a title and saves: the server refuses it as stale. */
async function saveOnAStaleVersion() {
  const saves = staleFakeServer();
  renderInBackOffice(
    <>
      <CampaignForm campaign={mine} onDone={() => {}} />
      <ToastHost />
    </>,
  );
  fireEvent.change(screen.getByLabelText('Título', { exact: false }), { target: { value: 'Mi título' } });
  fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
  const dialog = await screen.findByRole('dialog', { name: 'Otra persona guardó cambios' });
  return { saves, dialog };
}

// a whole form with Mantine inputs renders slowly on a loaded two-core machine
describe('two admins saving one campaign', { timeout: 15_000 }, () => {
  it('sends the version it loaded, and a stale refusal opens a dialog, never an error toast', async () => {
    const { saves, dialog } = await saveOnAStaleVersion();
    expect(saves).toEqual([expect.objectContaining({ title: 'Mi título', version: 3 })]);
    expect(within(dialog).getByText(STALE_MESSAGE)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Ver la versión nueva' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Conservar la mía' })).toBeTruthy();
    expect(screen.queryAllByRole('status').map((toast) => toast.textContent)).not.toContain(STALE_MESSAGE);
    // what I typed is still there behind the dialog
    expect(screen.getByLabelText('Título', { exact: false })).toHaveProperty('value', 'Mi título');
  });

  it('“Ver la versión nueva” puts the saved campaign in the form, drops mine, and saves on its version', async () => {
    const { saves, dialog } = await saveOnAStaleVersion();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ver la versión nueva' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Título', { exact: false })).toHaveProperty('value', 'Sorteo de Ana'),
    );
    expect(screen.getByLabelText('Descripción')).toHaveProperty('value', 'De Ana');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toMatchObject({ title: 'Sorteo de Ana', version: 4 });
  });

  it('“Conservar la mía” sends my values again on the new version, over theirs', async () => {
    const { saves, dialog } = await saveOnAStaleVersion();
    // an earlier test's toast may still be showing
    const savedToasts = () => screen.queryAllByText('Campaña actualizada.').length;
    const before = savedToasts();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conservar la mía' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toEqual({ ...saves[0], version: 4 });
    await waitFor(() => expect(savedToasts()).toBe(before + 1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText('Título', { exact: false })).toHaveProperty('value', 'Mi título');
  });
});
