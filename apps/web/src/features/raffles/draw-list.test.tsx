import { DrawSummary } from '@promo/contract';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { registerRafflesLocales } from '../../lib/locales/raffles.ts';
import { contractResponse } from '../../testing/contract-response.ts';
import { renderInBackOffice } from '../../testing/render.tsx';
import { screenTests } from '../../testing/screen-tests.ts';
import { DrawList } from './draw-list.tsx';

const CAMPAIGN = '0b7f5c2e-8d1a-4c1e-9a51-2f6f3c0d9e11';

screenTests(registerRafflesLocales);

const draw = (drawId: string, winners: number, alternates: number): DrawSummary => ({
  drawId,
  drawnAt: '2026-06-01T15:00:00.000Z',
  drawnBy: null,
  entriesCount: 20,
  entriesHash: 'a'.repeat(64),
  winners,
  alternates,
  replacesDrawId: null,
  reason: null,
  replacedBy: null,
  committed: false,
});

describe('the recorded draws', () => {
  it('count winners and alternates in the singular for one', async () => {
    vi.stubGlobal('fetch', async () =>
      contractResponse(z.object({ items: DrawSummary.array() }), {
        items: [
          draw('1c8a6d3f-9e2b-4d2f-8b62-3a7a4d1e0f22', 3, 1),
          draw('2d9b7e4a-0f3c-4e3a-9c73-4b8b5e2f1a33', 1, 2),
          draw('3e0c8f5b-1a4d-4f4b-8d84-5c9c6f3a2b44', 1, 0),
        ],
      }),
    );
    renderInBackOffice(
      <MemoryRouter>
        <DrawList campaignId={CAMPAIGN} />
      </MemoryRouter>,
    );
    const rows = (await screen.findByTestId('draw-list')).querySelectorAll('tbody tr');
    expect([...rows].map((row) => row.children[2]?.textContent)).toEqual([
      '3 ganadores y 1 suplente',
      '1 ganador y 2 suplentes',
      '1 ganador y 0 suplentes',
    ]);
  });
});
