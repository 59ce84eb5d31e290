import type { UploadReport } from '@promo/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { registerRedemptionLocales } from '../lib/locales/redemption.ts';
import * as toasts from '../lib/toasts.ts';
import { renderWithProviders, stubMatchMedia } from '../testing/render.tsx';
import { CsvUploadForm, type CsvUploadFormProps } from './csv-upload.tsx';
import { type UploadChoice, uploadQuery } from './upload-refusal.ts';

beforeAll(() => {
  registerRedemptionLocales();
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderForm(
  upload: (file: File, choice: UploadChoice) => Promise<UploadReport>,
  props: Partial<CsvUploadFormProps> = {},
) {
  renderWithProviders(
    <CsvUploadForm help="code" limit="40 MB" upload={upload} onUploaded={() => undefined} {...props} />,
  );
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, {
    target: { files: [new File(['code\nAAAA1111\n'], 'codes.csv', { type: 'text/csv' })] },
  });
}

describe('CSV upload form', () => {
  it('sends all or nothing by default and shows the refused rows when nothing was imported', async () => {
    const choices: UploadChoice[] = [];
    renderForm(async (_file, choice) => {
      choices.push(choice);
      throw new ApiError(422, 'UPLOAD_ROWS_REFUSED', 'Hay filas rechazadas: no se importó nada.', [
        { path: 'file', code: 'UPLOAD_ROWS_REFUSED', message: '…', params: { total: 3, refused: 1 } },
        { path: 'file.line.3.code', code: 'CODE_EXISTS', message: 'Este código ya existe.' },
      ]);
    });
    expect(screen.getByText('Máximo 40 MB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cargar' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('no se importó nada'));
    expect(choices).toEqual([{ onlyValid: false }]);
    const report = screen.getByTestId('upload-report');
    expect(report.textContent).toContain('3 filas leídas');
    expect(report.textContent).toContain('0 creadas');
    expect(report.textContent).toContain('Este código ya existe.');
  });

  it('imports only the valid rows when the switch is on, and shows the report', async () => {
    const choices: UploadChoice[] = [];
    renderForm(async (_file, choice) => {
      choices.push(choice);
      return {
        total: 2,
        created: 1,
        updated: 0,
        refusedTotal: 1,
        refused: [
          { row: 3, errors: [{ field: 'code', code: 'CODE_EXISTS', message: 'Este código ya existe.' }] },
        ],
      };
    });
    fireEvent.click(screen.getByRole('switch', { name: /Importar solo las filas válidas/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Cargar' }));
    await waitFor(() => expect(screen.getByTestId('upload-report').textContent).toContain('1 creada'));
    expect(choices).toEqual([{ onlyValid: true }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("waits for the screen's own fields and leaves the errors it shows on them to the screen", async () => {
    const toast = vi.spyOn(toasts, 'showToast');
    const seen: unknown[] = [];
    renderForm(
      async () => {
        throw new ApiError(422, 'VALIDATION_FAILED', 'Revise los datos.', [
          { path: 'points', code: 'FIELD_INVALID', message: 'Puntos no válidos.' },
        ]);
      },
      {
        fields: <span>campos del lote</span>,
        canSend: false,
        onError: (error) => {
          seen.push(error);
          return true;
        },
      },
    );
    expect(screen.getByText('campos del lote')).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Cargar' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    cleanup();
    renderForm(
      async () => {
        throw new ApiError(422, 'VALIDATION_FAILED', 'Revise los datos.', [
          { path: 'points', code: 'FIELD_INVALID', message: 'Puntos no válidos.' },
        ]);
      },
      {
        onError: (error) => {
          seen.push(error);
          return true;
        },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cargar' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(toast).not.toHaveBeenCalled();
    expect(screen.queryByTestId('upload-report')).toBeNull();
  });

  it('asks the server for only the valid rows only when chosen', () => {
    expect(uploadQuery({ onlyValid: true })).toEqual({ onlyValid: true });
    expect(uploadQuery({ onlyValid: false })).toEqual({});
    expect(uploadQuery(undefined)).toEqual({});
  });
});
