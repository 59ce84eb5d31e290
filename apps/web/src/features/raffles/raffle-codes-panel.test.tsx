import { UploadReport } from '@promo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { registerRafflesLocales } from '../../lib/locales/raffles.ts';
import { registerRedemptionLocales } from '../../lib/locales/redemption.ts';
import { contractResponse } from '../../testing/contract-response.ts';
import { renderInBackOffice } from '../../testing/render.tsx';
import { screenTests } from '../../testing/screen-tests.ts';
import { RaffleCodesPanel } from './raffle-codes-panel.tsx';

const CAMPAIGN = '0b7f5c2e-8d1a-4c1e-9a51-2f6f3c0d9e11';

screenTests(registerRedemptionLocales, registerRafflesLocales);

/** A refusal: the one error body, written out (its details carry params). */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Sent = { url: string; method: string; fields: [string, string][] };

/** Answers every request with `answer()`, keeping what was sent (the multipart fields in order). */
function fakeServer(answer: () => Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = init.body as FormData;
    sent.push({
      url,
      method: init.method ?? 'GET',
      fields: [...body.entries()].map(([name, value]) => [
        name,
        typeof value === 'string' ? value : value.name,
      ]),
    });
    return answer();
  });
  return sent;
}

function renderPanel() {
  renderInBackOffice(<RaffleCodesPanel campaignId={CAMPAIGN} />);
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, {
    target: {
      files: [new File(['code\nAAAA1111\nAAAA1111\nmal\n'], 'sorteo.csv', { type: 'text/csv' })],
    },
  });
}

describe('raffle codes upload', () => {
  it('sends all or nothing by default and shows the 422 refusal row by row', async () => {
    const sent = fakeServer(() =>
      json(422, {
        error: {
          code: 'UPLOAD_ROWS_REFUSED',
          message: 'Hay filas rechazadas: no se importó nada.',
          details: [
            { path: 'file', code: 'UPLOAD_ROWS_REFUSED', params: { total: 3, refused: 2 } },
            {
              path: 'file.line.3.code',
              code: 'DUPLICATE_IN_FILE',
              message: 'Código repetido en el archivo.',
            },
            { path: 'file.line.4.code', code: 'FIELD_INVALID', message: 'El código no es válido.' },
          ],
        },
      }),
    );
    renderPanel();
    expect(screen.getByText('Máximo 40 MB')).toBeTruthy();
    const toggle = screen.getByRole('switch', {
      name: /Importar solo las filas válidas/,
    }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Cargar' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('no se importó nada'));
    expect(sent).toEqual([
      {
        url: '/api/uploads/raffle-codes',
        method: 'POST',
        fields: [
          ['campaignId', CAMPAIGN],
          ['file', 'sorteo.csv'],
        ],
      },
    ]);
    const report = screen.getByTestId('upload-report');
    expect(report.textContent).toContain('3 filas leídas');
    expect(report.textContent).toContain('0 creadas');
    expect(report.textContent).toContain('2 rechazadas');
    const rows = within(report)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['3', 'code', 'Código repetido en el archivo.'],
      ['4', 'code', 'El código no es válido.'],
    ]);
  });

  it('with the switch on, sends onlyValid=true and shows the refused rows of the 200 report', async () => {
    const sent = fakeServer(() =>
      contractResponse(UploadReport, {
        total: 3,
        created: 1,
        updated: 0,
        refusedTotal: 2,
        refused: [
          {
            row: 3,
            errors: [{ field: 'code', code: 'DUPLICATE_IN_FILE', message: 'Código repetido en el archivo.' }],
          },
          { row: 4, errors: [{ field: 'code', code: 'FIELD_INVALID', message: 'El código no es válido.' }] },
        ],
      }),
    );
    renderPanel();
    fireEvent.click(screen.getByRole('switch', { name: /Importar solo las filas válidas/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Cargar' }));
    await waitFor(() => expect(screen.getByTestId('upload-report').textContent).toContain('1 creada'));
    expect(sent.map((request) => request.url)).toEqual(['/api/uploads/raffle-codes?onlyValid=true']);
    const report = screen.getByTestId('upload-report');
    expect(report.textContent).toContain('2 rechazadas');
    expect(report.textContent).toContain('El código no es válido.');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
