import {
  Centre,
  CodeList,
  type CodeListRow,
  GeneratedCodes,
  Job,
  pageOf,
  UploadReport,
} from '@promo/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { registerRedemptionLocales } from '../../lib/locales/redemption.ts';
import { contractResponse } from '../../testing/contract-response.ts';
import { renderInBackOffice } from '../../testing/render.tsx';
import { screenTests } from '../../testing/screen-tests.ts';
import { CodesList } from './codes-list.tsx';
import { RewardCodesPanel } from './reward-codes-panel.tsx';

const CAMPAIGN = '0b7f5c2e-8d1a-4c1e-9a51-2f6f3c0d9e11';
const JOB = '7d1e5c2a-3b4f-4a6d-9e8c-1f2a3b4c5d6e';

screenTests(registerRedemptionLocales);

const row = (code: string): CodeListRow => ({
  code,
  status: 'available',
  holderName: null,
  holderCedula: null,
  createdAt: '2026-06-01T15:00:00.000Z',
  assignedAt: null,
  redeemedAt: null,
  revokedAt: null,
  centreCode: null,
  centreName: null,
});

/**
 * The server of the codes page: the campaign's codes start empty; a generation adds two (or queues
 * a job that, once read, has added three), an upload adds one.
 */
function fakeServer({ isJob = false } = {}) {
  const codes: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const [path] = url.split('?');
    const method = init.method ?? 'GET';
    if (method === 'GET' && path === '/api/redemption-centres')
      return contractResponse(pageOf(Centre), { items: [], total: 0, page: 1, pageSize: 200 });
    if (method === 'GET' && path === '/api/reward-codes')
      return contractResponse(CodeList, { items: codes.map(row), total: codes.length, next: null });
    if (method === 'POST' && path === '/api/reward-codes') {
      if (isJob) return contractResponse(GeneratedCodes, { jobId: JOB }, 202);
      codes.push('GEN000000001', 'GEN000000002');
      return contractResponse(GeneratedCodes, { generated: 2, length: 12 }, 201);
    }
    if (method === 'GET' && path === `/api/jobs/${JOB}`) {
      codes.push('JOB000000001', 'JOB000000002', 'JOB000000003');
      return contractResponse(Job, {
        id: JOB,
        kind: 'generate-codes',
        status: 'succeeded',
        progress: 3,
        total: 3,
        createdAt: '2026-06-01T15:00:00.000Z',
        finishedAt: '2026-06-01T15:00:01.000Z',
      });
    }
    if (method === 'POST' && path === '/api/uploads/reward-codes') {
      codes.push('UPL000000001');
      return contractResponse(UploadReport, { total: 1, created: 1, updated: 0, refused: [] });
    }
    expect.soft(`${method} ${url}`, 'a request the fake does not answer').toBeUndefined();
    throw new TypeError('no answer');
  });
}

/** The codes page of an administrator, as it stands for one campaign: the list above the panel. */
function renderCodes() {
  renderInBackOffice(
    <>
      <CodesList campaignId={CAMPAIGN} />
      <RewardCodesPanel campaignId={CAMPAIGN} />
    </>,
  );
}

const listed = () =>
  [...screen.getByTestId('codes-list').querySelectorAll('tbody tr')].map((tr) => tr.textContent);

describe('the codes list after new codes', () => {
  it('shows the codes just generated', async () => {
    fakeServer();
    renderCodes();
    await waitFor(() => expect(screen.getByTestId('codes-total').textContent).toContain('0'));
    fireEvent.change(screen.getByLabelText('Cantidad'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generar' }));
    await waitFor(() => expect(listed()).toHaveLength(2));
    expect(listed()[0]).toContain('GEN000000001');
  });

  it('shows the codes a generation job made, once it ends', async () => {
    fakeServer({ isJob: true });
    renderCodes();
    await waitFor(() => expect(screen.getByTestId('codes-total').textContent).toContain('0'));
    fireEvent.change(screen.getByLabelText('Cantidad'), { target: { value: '30000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generar' }));
    await waitFor(() => expect(listed()).toHaveLength(3));
  });

  it('shows the codes just uploaded', async () => {
    fakeServer();
    renderCodes();
    await waitFor(() => expect(screen.getByTestId('codes-total').textContent).toContain('0'));
    // the upload card's file input (the list's "revoke from a file" has one of its own)
    const input = document.querySelector('input[type="file"][accept=".csv,text/csv"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['code\nUPL000000001\n'], 'codes.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cargar' }));
    await waitFor(() => expect(listed()).toHaveLength(1));
    expect(listed()[0]).toContain('UPL000000001');
  });
});
