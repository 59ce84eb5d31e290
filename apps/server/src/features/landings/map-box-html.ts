import { escapeHtml } from '@promo/landing';

type Centre = { name: string; address?: string; lat?: number; lng?: number };

/** Said in the list when the campaign has no active centre. */
export const NO_CENTRES_TEXT = 'No hay centros de canje disponibles por ahora.';

/**
 * What the map element holds when the page is served: the map's box at its final height (when the
 * map library is on and some centre has a position), the "nearest first" button, a note line and
 * the list of centres. The page script fills the box and re-sorts the list; it adds nothing above
 * what a reader already sees, so the page does not move (layout shift 0; decision 007).
 */
export function mapBoxHtml(centres: Centre[], withMap: boolean): string {
  const located = centres.some((c) => typeof c.lat === 'number' && typeof c.lng === 'number');
  const canvas =
    withMap && located
      ? '<div class="lp-map-canvas" role="region" aria-label="Mapa de centros de canje"></div>'
      : '';
  const near = centres.length > 0 ? '<button type="button" data-near>Ordenar por cercanía</button>' : '';
  const items =
    centres.length === 0
      ? `<li>${NO_CENTRES_TEXT}</li>`
      : centres
          .map(
            (c) =>
              `<li><strong>${escapeHtml(c.name)}</strong>${c.address ? `<br>${escapeHtml(c.address)}` : ''}</li>`,
          )
          .join('');
  return `${canvas}${near}<p data-map-note></p><ul>${items}</ul>`;
}
