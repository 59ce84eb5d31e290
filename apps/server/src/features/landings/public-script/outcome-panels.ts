/// <reference lib="dom" />
/**
 * Outcome panels of the public page. The points balance: large, in words below. The instant-award reveal: a card (a real button) the person taps to turn; it then reads the
 * prize or "Esta vez no ganó", and the outcome in words appears below it (announced politely).
 * The turn is a CSS animation that `prefers-reduced-motion` switches off; nothing waits on it.
 */
import type { ParticipationOutcome } from '@promo/contract';
import { formatQuantity } from '@promo/contract/number-format';
import { outcomeMessage, revealHeadline } from './outcome-text.ts';

type InstantAward = Extract<ParticipationOutcome, { kind: 'instant_award' }>;

function panelWithTitle(className: string, id: string, title: string): HTMLElement {
  const panel = document.createElement('section');
  panel.className = className;
  panel.setAttribute('aria-labelledby', id);
  const heading = document.createElement('h2');
  heading.id = id;
  heading.textContent = title;
  panel.append(heading);
  return panel;
}

/** "Su saldo": the points balance, large, with the outcome sentence under it (announced). */
export function showBalance(outcome: { balance: number }, place: (panel: HTMLElement) => void): void {
  const panel = panelWithTitle('lp-outcome lp-balance', 'lp-balance-title', 'Su saldo');
  const amount = document.createElement('strong');
  amount.className = 'lp-code';
  amount.textContent = `${formatQuantity(outcome.balance)} puntos`;
  const words = document.createElement('p');
  words.setAttribute('role', 'status');
  words.textContent = outcomeMessage({ kind: 'points', balance: outcome.balance });
  panel.append(amount, words);
  place(panel);
}

export function showReveal(outcome: InstantAward, place: (panel: HTMLElement) => void): void {
  const panel = panelWithTitle('lp-outcome lp-reveal', 'lp-reveal-title', 'Su resultado');
  const card = document.createElement('button');
  card.type = 'button';
  card.className = 'lp-reveal-card';
  card.textContent = 'Toque para descubrir su resultado';
  const result = document.createElement('p');
  result.className = 'lp-reveal-result';
  result.setAttribute('role', 'status');
  result.setAttribute('aria-live', 'polite');
  card.addEventListener('click', () => {
    if (card.dataset.revealed) return;
    card.dataset.revealed = outcome.won ? 'won' : 'lost';
    card.textContent = revealHeadline(outcome);
    card.setAttribute('aria-disabled', 'true');
    result.textContent = outcomeMessage(outcome);
  });
  panel.append(card, result);
  place(panel);
}
