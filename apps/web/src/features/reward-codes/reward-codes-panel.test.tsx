import { GeneratedCodes, Job } from '@promo/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { registerRedemptionLocales } from '../../lib/locales/redemption.ts';
import { contractResponse } from '../../testing/contract-response.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { screenTests } from '../../testing/screen-tests.ts';
import { RewardCodesPanel } from './reward-codes-panel.tsx';

const CAMPAIGN = '0b7f5c2e-8d1a-4c1e-9a51-2f6f3c0d9e11';

screenTests(registerRedemptionLocales);

const JOB = '7d1e5c2a-3b4f-4a6d-9e8c-1f2a3b4c5d6e';

/** A job just queued, as `GET /api/jobs/{id}` answers it while it waits. */
const queued = () =>
  contractResponse(Job, {
    id: JOB,
    kind: 'generate-codes',
    status: 'queued',
    progress: 0,
    total: 0,
    createdAt: '2026-06-01T15:00:00.000Z',
    finishedAt: null,
  });

/**
 * Answers each generation (`POST /api/reward-codes`) with the next of `answers`, and the job's
 * progress while it runs; keeps the JSON bodies of the generations sent.
 */
function fakeServer(answers: (() => Response)[]): unknown[] {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url === `/api/jobs/${JOB}`) return queued();
    expect.soft(`${init.method} ${url}`).toBe('POST /api/reward-codes');
    sent.push(JSON.parse(String(init.body ?? 'null')));
    const answer = answers.shift();
    expect.soft(answer, 'one generation more than the test expects').toBeDefined();
    if (!answer) throw new TypeError('no answer');
    return answer();
  });
  return sent;
}

function renderPanel() {
  renderWithProviders(<RewardCodesPanel campaignId={CAMPAIGN} />);
}

describe('reward codes generation', () => {
  it("puts the server's message on the count and sends the prefix in capitals", async () => {
    const sent = fakeServer([
      () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Revise los datos.',
              details: [{ path: 'count', code: 'CODE_COUNT_POSITIVE', message: 'Debe ser mayor que cero.' }],
            },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    ]);
    renderPanel();
    fireEvent.change(screen.getByLabelText('Cantidad'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText(/Prefijo/), { target: { value: 'ab1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generar' }));
    await waitFor(() => expect(screen.getByText('Debe ser mayor que cero.')).toBeTruthy());
    expect(sent).toEqual([{ campaignId: CAMPAIGN, count: 0, prefix: 'AB1' }]);
  });

  it('follows the job of a large count', async () => {
    const sent = fakeServer([() => contractResponse(GeneratedCodes, { jobId: JOB }, 202)]);
    renderPanel();
    fireEvent.change(screen.getByLabelText('Cantidad'), { target: { value: '20,001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generar' }));
    await waitFor(() => expect(screen.getByTestId('job-progress')).toBeTruthy());
    expect(sent).toEqual([{ campaignId: CAMPAIGN, count: 20_001 }]);
  });
});
