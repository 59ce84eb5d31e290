/// <reference lib="dom" />
/**
 * The campaign's terms and conditions, read in a dialog: a link-styled button beside the consent
 * box opens a native `<dialog>` (focus kept inside, Escape closes) with the text as paragraphs
 * (blank lines separate them), written as text, never as markup.
 */

let dialog: HTMLDialogElement | null = null;

function termsDialog(terms: string): HTMLDialogElement {
  if (dialog) return dialog;
  dialog = document.createElement('dialog');
  dialog.className = 'lp-dialog';
  dialog.setAttribute('aria-labelledby', 'lp-terms-title');
  const title = document.createElement('h2');
  title.id = 'lp-terms-title';
  title.textContent = 'Términos y condiciones';
  const body = document.createElement('div');
  body.className = 'lp-dialog-body';
  for (const part of terms.split(/\n\s*\n/)) {
    const paragraph = document.createElement('p');
    paragraph.textContent = part.trim();
    if (paragraph.textContent) body.append(paragraph);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Cerrar';
  close.addEventListener('click', () => dialog?.close());
  dialog.append(title, body, close);
  (document.querySelector('.lp-page') ?? document.body).append(dialog);
  return dialog;
}

/** Puts "Leer términos y condiciones" after the consent box (after its check row). */
export function linkTerms(consent: HTMLElement, terms: string): void {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'lp-terms-link';
  button.textContent = 'Leer términos y condiciones';
  button.addEventListener('click', () => termsDialog(terms).showModal());
  (consent.closest('.lp-check') ?? consent).insertAdjacentElement('afterend', button);
}
