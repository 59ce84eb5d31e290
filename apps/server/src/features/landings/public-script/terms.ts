/// <reference lib="dom" />
/**
 * The campaign's terms and privacy notice, read in a dialog: link-styled buttons right after the
 * consent box and its label open a native `<dialog>` (focus kept inside, Escape closes). The texts
 * come sanitised from the server in `<template id="lp-terms-text">` and `<template
 * id="lp-privacy-text">`; the script clones them, it never parses markup itself.
 */

const LEGAL = [
  { key: 'terms', title: 'Términos y condiciones', open: 'Leer términos y condiciones' },
  { key: 'privacy', title: 'Aviso de privacidad', open: 'Leer aviso de privacidad' },
] as const;

const dialogs = new Map<string, HTMLDialogElement>();

function legalDialog(key: string, title: string, text: HTMLTemplateElement): HTMLDialogElement {
  const known = dialogs.get(key);
  if (known) return known;
  const dialog = document.createElement('dialog');
  dialog.className = 'lp-dialog';
  dialog.setAttribute('aria-labelledby', `lp-${key}-title`);
  const heading = document.createElement('h2');
  heading.id = `lp-${key}-title`;
  heading.textContent = title;
  const body = document.createElement('div');
  body.className = 'lp-dialog-body';
  body.append(text.content.cloneNode(true));
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Cerrar';
  close.addEventListener('click', () => dialog.close());
  dialog.append(heading, body, close);
  (document.querySelector('.lp-page') ?? document.body).append(dialog);
  dialogs.set(key, dialog);
  return dialog;
}

/** Puts "Leer términos y condiciones" and "Leer aviso de privacidad" after the consent box's row. */
export function linkLegalTexts(consent: HTMLElement): void {
  const links = document.createElement('div');
  links.className = 'lp-legal';
  for (const { key, title, open } of LEGAL) {
    const text = document.getElementById(`lp-${key}-text`);
    if (!(text instanceof HTMLTemplateElement)) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'lp-terms-link';
    button.textContent = open;
    button.setAttribute('aria-haspopup', 'dialog');
    button.addEventListener('click', () => legalDialog(key, title, text).showModal());
    links.append(button);
  }
  if (links.childElementCount > 0)
    (consent.closest('.lp-check') ?? consent).insertAdjacentElement('afterend', links);
}
