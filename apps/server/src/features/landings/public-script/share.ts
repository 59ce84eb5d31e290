/// <reference lib="dom" />
/**
 * The share buttons' "Copiar enlace": the network links are plain links rendered by the server;
 * this copies the page's address (the one the server wrote, else the address bar's).
 */
import { copyText } from './copy-text.ts';

export function bindShareButtons(): void {
  for (const button of Array.from(document.querySelectorAll<HTMLButtonElement>('[data-share-copy]'))) {
    button.addEventListener('click', () => {
      void copyText(button.dataset.shareCopy || location.href, {
        copied: 'Enlace copiado.',
        failed: 'No se pudo copiar: copie la dirección de la barra del navegador.',
      });
    });
  }
}
