import { MomentsView, Prize } from '@promo/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { registerRafflesLocales } from '../../lib/locales/raffles.ts';
import { contractResponse } from '../../testing/contract-response.ts';
import { renderInBackOffice, stubMatchMedia } from '../../testing/render.tsx';
import { MomentsCard } from './moments-card.tsx';

const CAMPAIGN = '0b7f5c2e-8d1a-4c1e-9a51-2f6f3c0d9e11';
const FORMULA = 'sha256(salt + "\\n" + lines "ISO-time,prizeId\\n" ordered by time, prize)' as const;

beforeAll(() => {
  registerRafflesLocales();
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sealed moments', () => {
  it('say how the seal is computed in Spanish, not with the server’s formula', async () => {
    vi.stubGlobal('fetch', async (url: string) => {
      // before the campaign ends the server leaves the salt and the list out (not null)
      if (url === `/api/instant-awards/${CAMPAIGN}/moments`)
        return contractResponse(MomentsView, {
          seal: { hash: 'ab'.repeat(32), algorithm: FORMULA, moments: 3, sealedAt: '2026-11-24T15:00:00Z' },
          revealed: false,
        });
      expect.soft(url).toBe(`/api/instant-awards/${CAMPAIGN}/prizes`);
      return contractResponse(z.object({ items: z.array(Prize) }), { items: [] });
    });
    renderInBackOffice(<MomentsCard campaignId={CAMPAIGN} isAdmin={false} />, { role: 'ANALYST' });
    const seal = await screen.findByTestId('moments-seal');
    expect(seal.textContent).toContain('3 momentos sellados el 24/11/26, 9:00.');
    expect(seal.textContent).toContain('Cómo se calcula: SHA-256 de la sal');
    expect(seal.textContent).not.toContain('ordered by time');
  });
});
