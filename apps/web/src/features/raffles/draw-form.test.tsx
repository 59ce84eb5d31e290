import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../components/modal-host.tsx';
import { registerRafflesLocales } from '../../lib/locales/raffles.ts';
import { errorResponse } from '../../testing/contract-response.ts';
import { renderInBackOffice } from '../../testing/render.tsx';
import { screenTests } from '../../testing/screen-tests.ts';
import { DrawForm } from './draw-form.tsx';

const CAMPAIGN = '0b7f5c2e-8d1a-4c1e-9a51-2f6f3c0d9e11';

screenTests(registerRafflesLocales);

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
  renderInBackOffice(
    <ModalHost>
      <DrawForm campaignId={CAMPAIGN} onDrawn={() => {}} />
    </ModalHost>,
    { timeZone: 'America/Panama' },
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
    expect(dialog.textContent).toContain('Se elegirán al azar 3 ganadores y 2 suplentes');
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
