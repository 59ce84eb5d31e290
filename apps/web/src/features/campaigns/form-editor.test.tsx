import { StoredCampaignForm } from '@promo/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { registerPromotionsLocales } from '../../lib/locales/promotions.ts';
import { contractResponse } from '../../testing/contract-response.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { screenTests } from '../../testing/screen-tests.ts';
import { FormEditor } from './form-editor.tsx';

const CAMPAIGN = '0b7f5c2e-8d1a-4c1e-9a51-2f6f3c0d9e11';

screenTests(registerPromotionsLocales);

describe('the form tab', () => {
  it('names each field by its label, never by its stored key', async () => {
    vi.stubGlobal('fetch', async () =>
      contractResponse(StoredCampaignForm, {
        fields: [
          { key: 'cedula', type: 'cedula', label: 'Cédula', required: true },
          { key: 'name', type: 'text', label: 'Su nombre', required: true },
          { key: 'department', type: 'department', label: 'Provincia', required: true },
          { key: 'colorFavorito', type: 'choice', label: '¿Color favorito?', options: ['Rojo', 'Azul'] },
        ],
      }),
    );
    renderWithProviders(<FormEditor campaignId={CAMPAIGN} isReadOnly={false} departmentLabel="Provincia" />);
    const rows = await screen.findAllByRole('listitem');
    const captions = rows.map((row) => row.querySelector('.mantine-Group-root p')?.textContent);
    expect(captions).toEqual([
      'Cédula · Cédula',
      'Texto · Nombre completo',
      'Departamento · Provincia',
      'Opción única · ¿Color favorito?',
    ]);
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Cédula',
      'Su nombre',
      'Provincia',
      '¿Color favorito?',
    ]);
    expect(document.body.textContent).not.toMatch(/· (cedula|name|department|colorFavorito)\b/);
  });
});
