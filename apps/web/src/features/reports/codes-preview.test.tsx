import { CodesSummary } from '@promo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { registerRedemptionLocales } from '../../lib/locales/redemption.ts';
import { contractResponse } from '../../testing/contract-response.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { screenTests } from '../../testing/screen-tests.ts';
import { CodesPreview } from './codes-preview.tsx';

screenTests(registerRedemptionLocales);

/** The codes report as `GET /api/reconciliation-reports/codes` answers it. */
function answer(body: CodesSummary[]) {
  vi.stubGlobal('fetch', async (url: string) => {
    expect.soft(url).toMatch(/^\/api\/reconciliation-reports\/codes(\?|$)/);
    return contractResponse(z.array(CodesSummary), body);
  });
}

describe('the codes report preview (spec §9 numbers)', () => {
  it('shows its counts and totals with thousands commas', async () => {
    const row = { generated: 1_234_567, available: 1_000_000, assigned: 234_000, redeemed: 567, revoked: 0 };
    answer([
      { campaignId: 'c1', campaignName: 'Verano', ...row },
      { campaignId: 'c2', campaignName: 'Invierno', ...row, generated: 5000 },
    ]);
    renderWithProviders(<CodesPreview campaignId={null} />);
    const table = await screen.findByTestId('codes-preview');
    await waitFor(() => expect(within(table).getByText('Verano')).toBeTruthy());
    const cells = (name: string) =>
      within(within(table).getByText(name).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Verano')).toEqual(['Verano', '1,234,567', '1,000,000', '234,000', '567', '0']);
    expect(cells('Total')).toEqual(['Total', '1,239,567', '2,000,000', '468,000', '1,134', '0']);
  });
});
