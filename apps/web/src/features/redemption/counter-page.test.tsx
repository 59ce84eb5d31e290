import {
  pageOf,
  RedeemCode,
  type RedeemRefusal,
  Redemption,
  RedemptionRow,
  RewardCode,
} from '@promo/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { registerRedemptionLocales } from '../../lib/locales/redemption.ts';
import { contractRequest, contractResponse, errorResponse } from '../../testing/contract-response.ts';
import { renderInBackOffice } from '../../testing/render.tsx';
import { rewardCodeSample } from '../../testing/reward-code-sample.ts';
import { screenTests } from '../../testing/screen-tests.ts';
import { CounterPage } from './counter-page.tsx';

const CODE = 'ABCD23456789';

screenTests(registerRedemptionLocales);

/** The code as the server's look-up answers it at the operator's desk. */
const lookedUp = (redeemRefusal: RedeemRefusal | null) =>
  rewardCodeSample({ code: CODE, redeemableHere: redeemRefusal === null, redeemRefusal });

const redeemed = {
  redemption: {
    id: '5c0f6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
    code: CODE,
    centreCode: '100001',
    redeemedAt: '2026-06-01T15:00:00.000Z',
    product: null,
  },
};

/** The code as the look-up reads it once this desk's redemption has gone through. */
const redeemedHere = () =>
  rewardCodeSample({
    code: CODE,
    status: 'redeemed',
    redeemedAt: redeemed.redemption.redeemedAt,
    redemptions: [
      {
        id: redeemed.redemption.id,
        centreId: 'e2b1c3d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
        centreCode: '100001',
        centreName: 'Centro Sabana',
        operatorId: 'u1',
        redeemedAt: redeemed.redemption.redeemedAt,
        reversedAt: null,
        reversalReason: null,
      },
    ],
    redeemableHere: false,
    redeemRefusal: 'CODE_ALREADY_REDEEMED',
  });

/**
 * The server of the counter: the look-up answers `code` (or what `code` says after the
 * redemptions that went through), today's list is empty, and each redemption takes the next of
 * `redemptions` (a Response, or 'network' for a request that never got an answer). Keeps the
 * Idempotency-Key of every redemption sent.
 */
function fakeServer(
  code: RewardCode | ((redeemedCount: number) => RewardCode),
  redemptions: (Response | 'network')[],
) {
  const keys: (string | undefined)[] = [];
  let redeemedCount = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url.startsWith('/api/redemptions'))
      return contractResponse(pageOf(RedemptionRow), { items: [], total: 0, page: 1, pageSize: 50 });
    if (url === `/api/reward-codes/get-by-code/${CODE}`)
      return contractResponse(RewardCode, typeof code === 'function' ? code(redeemedCount) : code);
    if (url === '/api/redeem-codes' && init.method === 'POST') {
      expect.soft(contractRequest(RedeemCode, init)).toEqual({ code: CODE });
      keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
      const answer = redemptions.shift();
      expect.soft(answer, 'one redemption more than the test expects').toBeDefined();
      if (!answer) throw new TypeError('no answer');
      if (answer === 'network') throw new TypeError('Failed to fetch');
      if (answer.ok) redeemedCount += 1;
      return answer;
    }
    expect.soft(`${init.method ?? 'GET'} ${url}`, 'a request the fake does not answer').toBeUndefined();
    throw new TypeError('no answer');
  });
  return keys;
}

function renderCounter() {
  renderInBackOffice(<CounterPage />, { role: 'OPERATOR' });
}

async function search() {
  fireEvent.change(screen.getByLabelText('Código o número de identificación'), { target: { value: CODE } });
  fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
  await screen.findByTestId('counter-code');
}

/** Presses "Canjear" once the code is shown again (after each answer the counter reads it again). */
async function pressRedeem() {
  const button = await screen.findByRole('button', { name: 'Canjear' });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
}

describe('the counter says why the server would refuse a code', () => {
  it('an archived campaign: the catalogue’s "not active", as the redemption would answer, and no button to press', async () => {
    fakeServer(lookedUp('CAMPAIGN_NOT_ACTIVE'), []);
    renderCounter();
    await search();
    expect(screen.getByTestId('counter-blocker').textContent).toBe(
      'Esta promoción no está disponible en este momento.',
    );
    expect(screen.getByRole('button', { name: 'Canjear' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('after a redemption', () => {
  /** The counter where the operator searched the code and redeemed it (the look-up then reads it redeemed). */
  async function redeemOnce() {
    fakeServer(
      (count) => (count === 0 ? lookedUp(null) : redeemedHere()),
      [contractResponse(Redemption, redeemed)],
    );
    renderCounter();
    await search();
    await pressRedeem();
  }

  it('only its success shows: the code read again is "Canjeado", without a red "ya fue canjeado"', async () => {
    await redeemOnce();
    await screen.findByTestId('counter-success');
    // the look-up read again: the card follows the redemption
    await waitFor(() => expect(screen.getByTestId('code-status').textContent).toBe('Canjeado'));
    expect(screen.queryByTestId('counter-blocker')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toContain('ya fue canjeado');
  });

  it('a new search of the same code says it was redeemed already, when and where', async () => {
    await redeemOnce();
    await waitFor(() => expect(screen.getByTestId('code-status').textContent).toBe('Canjeado'));
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(screen.queryByTestId('counter-success')).toBeNull());
    expect((await screen.findByTestId('counter-blocker')).textContent).toContain(
      'Este código ya fue canjeado el',
    );
  });
});

describe('one Idempotency-Key per intended redemption', () => {
  it('a request lost on the way is sent again with its key; the next redemption gets a new one', async () => {
    const keys = fakeServer(lookedUp(null), [
      'network',
      contractResponse(Redemption, redeemed),
      contractResponse(Redemption, redeemed),
    ]);
    renderCounter();
    await search();
    await pressRedeem();
    await screen.findByTestId('counter-refusal');
    await pressRedeem();
    await screen.findByTestId('counter-success');
    // redeemed: pressing again (the look-up says it is redeemable again, as after a reversal) is
    // a redemption of its own
    await pressRedeem();
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a server error keeps the key; a refusal spends it', async () => {
    const keys = fakeServer(lookedUp(null), [
      errorResponse('INTERNAL_ERROR', 503),
      errorResponse('CENTRE_NOT_ALLOWED'),
      contractResponse(Redemption, redeemed),
    ]);
    renderCounter();
    await search();
    await pressRedeem();
    await waitFor(() =>
      expect(screen.getByTestId('counter-refusal').textContent).toContain('Algo salio mal'),
    );
    await pressRedeem();
    await waitFor(() =>
      expect(screen.getByTestId('counter-refusal').textContent).toContain('no se puede canjear'),
    );
    await pressRedeem();
    await screen.findByTestId('counter-success');
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
