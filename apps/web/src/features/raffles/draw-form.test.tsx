import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../components/modal-host.tsx';
import { registerRafflesLocales } from '../../lib/locales/raffles.ts';
import { errorResponse } from '../../testing/contract-response.ts';
import { renderWithProviders, stubMatchMedia } from '../../testing/render.tsx';
import { BackOfficeContext } from '../auth/back-office-context.ts';
import { DrawForm } from './draw-form.tsx';

const CAMPAIGN = '0b7f5c2e-8d1a-4c1e-9a51-2f6f3c0d9e11';

beforeAll(() => {
  registerRafflesLocales();
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Keeps the requests sent; answers each with a server error (the test stops at the request). */
function fakeServer(): string[] {
  const sent: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push(`${init.method ?? 'GET'} ${url}`);
    return errorResponse('INTERNAL_ERROR');
  });
  return sent;
}

function renderForm() {
  renderWithProviders(
    <BackOfficeContext.Provider
      value={{
        userId: 'u1',
        role: 'ADMIN',
        tenantSlug: 'demo',
        tenant: null,
        timeZone: 'America/Panama',
        locale: 'es',
      }}
    >
      <ModalHost>
        <DrawForm campaignId={CAMPAIGN} onDrawn={() => {}} />
      </ModalHost>
    </BackOfficeContext.Provider>,
  );
  fireEvent.input(screen.getByLabelText('Ganadores'), { target: { value: '3' } });
  fireEvent.input(screen.getByLabelText('Suplentes'), { target: { value: '2' } });
}

describe('the draw asks before it runs', () => {
  it('names what happens; cancelled, nothing is sent; confirmed, the draw is requested', async () => {
    const sent = fakeServer();
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Sortear' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Realizar el sorteo ahora?' });
    expect(dialog.textContent).toContain('Se elegirán al azar 3 ganador(es) y 2 suplente(s)');
    expect(dialog.textContent).toContain('no se puede deshacer');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Sortear' }));
    await screen.findByRole('dialog', { name: '¿Realizar el sorteo ahora?' });
    const buttons = screen.getAllByRole('button', { name: 'Sortear' });
    fireEvent.click(buttons[buttons.length - 1] as HTMLElement);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatch(new RegExp(`^GET /api/raffle/select-winners/${CAMPAIGN}\\?count=3&alternates=2`));
  });
});

describe('one prize per person', () => {
  async function drawNow(submit: HTMLElement) {
    fireEvent.click(submit);
    const dialog = await screen.findByRole('dialog', { name: '¿Realizar el sorteo ahora?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sortear' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }

  it('is on when the form opens and is sent as chosen', async () => {
    const sent = fakeServer();
    renderForm();
    const submit = screen.getByRole('button', { name: 'Sortear' });
    const onePerPerson = screen.getByRole('switch', { name: 'Un premio por persona' });
    expect((onePerPerson as HTMLInputElement).checked).toBe(true);
    await drawNow(submit);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toContain('onePerIdentity=true');

    fireEvent.click(onePerPerson);
    expect((onePerPerson as HTMLInputElement).checked).toBe(false);
    await drawNow(submit);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toContain('onePerIdentity=false');
  });
});
