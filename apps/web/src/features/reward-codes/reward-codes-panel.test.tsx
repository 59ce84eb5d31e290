import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerRedemptionLocales } from '../../lib/locales/redemption.ts';
import { renderWithProviders, stubMatchMedia } from '../../testing/render.tsx';
import { RewardCodesPanel } from './reward-codes-panel.tsx';

const CAMPAIGN = '0b7f5c2e-8d1a-4c1e-9a51-2f6f3c0d9e11';

beforeAll(() => {
  registerRedemptionLocales();
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Answers each request in turn, keeping the JSON bodies sent. */
function fakeServer(answers: { status: number; body: unknown }[]): unknown[] {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body ?? 'null')));
    const answer = answers.shift() ?? { status: 200, body: { status: 'queued', progress: 0, total: 0 } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return sent;
}

function renderPanel() {
  renderWithProviders(<RewardCodesPanel campaignId={CAMPAIGN} />);
}

describe('reward codes generation', () => {
  it("puts the server's message on the count and sends the prefix in capitals", async () => {
    const sent = fakeServer([
      {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Revise los datos.',
            details: [{ path: 'count', code: 'CODE_COUNT_POSITIVE', message: 'Debe ser mayor que cero.' }],
          },
        },
      },
    ]);
    renderPanel();
    fireEvent.change(screen.getByLabelText('Cantidad'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText(/Prefijo/), { target: { value: 'ab1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generar' }));
    await waitFor(() => expect(screen.getByText('Debe ser mayor que cero.')).toBeTruthy());
    expect(sent).toEqual([{ campaignId: CAMPAIGN, count: 0, prefix: 'AB1' }]);
  });

  it('follows the job of a large count', async () => {
    fakeServer([{ status: 202, body: { jobId: 'job-1' } }]);
    renderPanel();
    fireEvent.change(screen.getByLabelText('Cantidad'), { target: { value: '20,001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generar' }));
    await waitFor(() => expect(screen.getByTestId('job-progress')).toBeTruthy());
  });
});
