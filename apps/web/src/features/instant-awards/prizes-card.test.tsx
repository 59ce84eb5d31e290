import { Prize } from '@promo/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { registerPromotionsLocales } from '../../lib/locales/promotions.ts';
import { contractResponse } from '../../testing/contract-response.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { screenTests } from '../../testing/screen-tests.ts';
import { PrizesCard } from './prizes-card.tsx';

screenTests(registerPromotionsLocales);

const CAMPAIGN = '0b7f5c2e-8d1a-4c1e-9a51-2f6f3c0d9e11';

describe('the prizes of an instant-award campaign (spec §9 numbers)', () => {
  it('shows the value as money with two decimals, stock and awards as counts', async () => {
    const prize = {
      id: '1c7d1a0e-6f0b-4a5e-8a43-8f3b9b1d2e01',
      campaignId: CAMPAIGN,
      centreId: null,
      department: null,
      createdAt: '2026-01-01T06:00:00Z',
    };
    const items = [
      { ...prize, name: 'Bicicleta', value: 1234.5, stock: 1_234_567, awarded: 12_345 },
      {
        ...prize,
        id: '1c7d1a0e-6f0b-4a5e-8a43-8f3b9b1d2e02',
        name: 'Gorra',
        value: 1500,
        stock: 40,
        awarded: 0,
      },
    ];
    vi.stubGlobal('fetch', async (url: string) => {
      expect.soft(url).toBe(`/api/instant-awards/${CAMPAIGN}/prizes`);
      return contractResponse(z.object({ items: z.array(Prize) }), { items });
    });
    renderWithProviders(<PrizesCard campaignId={CAMPAIGN} isAdmin={false} />);
    const cells = async (name: string) =>
      within((await screen.findByText(name)).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(await cells('Bicicleta')).toEqual(['Bicicleta', '1,234.50', '1,234,567', '12,345', '']);
    expect(await cells('Gorra')).toEqual(['Gorra', '1,500.00', '40', '0', '']);
  });
});
