import { Box } from '@mantine/core';
import {
  brandHeader,
  type LandingDocument,
  type PageBrand,
  publicPageCss,
  renderDocument,
} from '@promo/landing';

/** The phone the thumbnail shows (the public pages' first size) and how much it is shrunk. */
const PHONE = { width: 390, height: 720 };
const SCALE = 0.4;

/**
 * The whole page as the published page draws it: the tenant's look (theme, font, logo header) by
 * the design system's CSS, then the page's own.
 */
export function thumbnailHtml(document: LandingDocument, brand?: PageBrand): string {
  const rendered = renderDocument(document, brand ? { header: brandHeader(brand) } : {});
  return (
    '<!doctype html><html lang="es"><head><meta charset="utf-8">' +
    `<style>${publicPageCss(brand)}${rendered.css}</style></head>` +
    `<body style="margin:0;overflow:hidden">${rendered.html}</body></html>`
  );
}

/**
 * A template's first screen on a phone, shrunk: the page rendered by the same renderer and styles
 * as the published page, in a sandboxed frame without scripts. It is a picture: nothing in it can
 * be focused or clicked (`inert`), and its name says what it shows.
 */
export function TemplateThumbnail({
  document,
  brand,
  label,
}: {
  document: LandingDocument;
  brand?: PageBrand | undefined;
  label: string;
}) {
  return (
    <Box
      inert
      style={{
        width: PHONE.width * SCALE,
        height: PHONE.height * SCALE,
        overflow: 'hidden',
        borderRadius: 6,
        border: '1px solid var(--mantine-color-gray-4)',
        background: '#fff',
      }}
    >
      <iframe
        title={label}
        sandbox=""
        tabIndex={-1}
        srcDoc={thumbnailHtml(document, brand)}
        style={{
          width: PHONE.width,
          height: PHONE.height,
          border: 0,
          transform: `scale(${SCALE})`,
          transformOrigin: 'top left',
          pointerEvents: 'none',
        }}
      />
    </Box>
  );
}
