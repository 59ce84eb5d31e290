import { Centre, type Centre as CentreType, UpdateCentre } from '@promo/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { registerRedemptionLocales } from '../../lib/locales/redemption.ts';
import { contractRequest, contractResponse } from '../../testing/contract-response.ts';
import { renderInBackOffice } from '../../testing/render.tsx';
import { screenTests } from '../../testing/screen-tests.ts';
import { CentreForm } from './centre-form.tsx';

screenTests(registerRedemptionLocales);

const centre = (active: boolean): CentreType => ({
  id: '5c0f6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  code: '100001',
  name: 'Centro Sabana',
  address: null,
  department: null,
  latitude: 9.93,
  longitude: -84.08,
  phone: null,
  hours: null,
  active,
  createdAt: '2026-06-01T15:00:00.000Z',
});

function renderForm(value: CentreType) {
  renderInBackOffice(<CentreForm centre={value} onDone={() => {}} />);
}

const activeSwitch = () => screen.getByRole<HTMLInputElement>('switch', { name: 'Activo' });

describe('the centre dialog’s "Activo" switch', () => {
  it('shows the centre as it is: ON for an active centre, OFF for an inactive one', () => {
    renderForm(centre(true));
    expect(activeSwitch().checked).toBe(true);
    cleanup();
    renderForm(centre(false));
    expect(activeSwitch().checked).toBe(false);
  });

  it('saves what it shows: switched off, the centre is sent inactive', async () => {
    const sent: UpdateCentre[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      expect.soft(`${init.method} ${url}`).toBe(`PATCH /api/redemption-centres/${centre(true).id}`);
      sent.push(contractRequest(UpdateCentre, init));
      return contractResponse(Centre, centre(false));
    });
    renderForm(centre(true));
    fireEvent.click(activeSwitch());
    expect(activeSwitch().checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.active).toBe(false);
  });
});
