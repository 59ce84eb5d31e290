/// <reference lib="dom" />
/**
 * The reward code a person can use: the code large, a copy button, the QR code drawn by the
 * server (shown as an image, so its markup never runs), until when and where to redeem it (the
 * campaign's centres, nearest first once the browser gives a position).
 */

import { copyText } from './copy-text.ts';
import {
  type Centre,
  centreLine,
  nearestFirst,
  type RedeemWindow,
  redemptionWindow,
} from './outcome-text.ts';
import { toast } from './toasts.ts';

export type PanelData = {
  timeZone?: string;
  redeem?: RedeemWindow;
  centres: Centre[];
  /** The catalogue's message when the browser gives no position. */
  noPosition: string;
};

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** `list` filled with the centres (nearest first when `from` is known), name and address. */
export function fillCentreList(
  list: HTMLUListElement,
  centres: Centre[],
  from?: { lat: number; lng: number },
): void {
  list.replaceChildren();
  for (const centre of nearestFirst(centres, from)) {
    const item = element('li');
    item.append(element('strong', centre.name));
    const line = centreLine(centre);
    if (line) item.append(element('br'), line);
    list.append(item);
  }
}

function copy(code: string, shown: HTMLElement): Promise<void> {
  return copyText(
    code,
    { copied: 'Código copiado.', failed: 'No se pudo copiar: el código quedó seleccionado para copiarlo.' },
    shown,
  );
}

/** Fills `box` with the panel of `code`. */
export function showRewardCode(box: HTMLElement, outcome: { code: string; qrSvg?: string }, data: PanelData) {
  const panel = element('section', undefined, 'lp-outcome');
  panel.setAttribute('aria-labelledby', 'lp-code-title');
  const title = element('h2', '¡Listo! Este es su código');
  title.id = 'lp-code-title';
  const code = element('strong', outcome.code, 'lp-code');
  code.dataset.code = '';
  const button = element('button', 'Copiar código');
  button.type = 'button';
  button.addEventListener('click', () => void copy(outcome.code, code));
  panel.append(title, code, button);
  if (outcome.qrSvg?.startsWith('<svg')) {
    const qr = element('img', undefined, 'lp-qr');
    qr.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(outcome.qrSvg)}`;
    qr.alt = `Código QR de ${outcome.code}`;
    qr.width = 208;
    qr.height = 208;
    panel.append(qr, element('p', 'Muestre este código en el centro de canje.'));
  }
  const details = element('dl');
  details.append(
    element('dt', 'Cuándo canjearlo'),
    element('dd', redemptionWindow(data.redeem, data.timeZone ?? 'UTC')),
  );
  if (data.centres.length > 0) {
    const where = element('dd');
    const list = element('ul');
    fillCentreList(list, data.centres);
    where.append(list);
    if ('geolocation' in navigator && data.centres.some((c) => typeof c.lat === 'number')) {
      const near = element('button', 'Ver los más cercanos');
      near.type = 'button';
      near.addEventListener('click', () =>
        navigator.geolocation.getCurrentPosition(
          (position) =>
            fillCentreList(list, data.centres, {
              lat: position.coords.latitude,
              lng: position.coords.longitude,
            }),
          () => toast('alert', data.noPosition),
        ),
      );
      where.append(near);
    }
    details.append(element('dt', 'Dónde canjearlo'), where);
  }
  panel.append(details);
  box.replaceChildren(panel);
  // on a phone the panel is below the form: bring it into view, and screen readers to its title
  title.tabIndex = -1;
  title.focus({ preventScroll: true });
  panel.scrollIntoView({ block: 'start' });
}
