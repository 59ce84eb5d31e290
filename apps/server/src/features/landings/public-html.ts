import { type ErrorCode, errorMessage } from '@promo/contract';
import {
  brandHeader,
  DEFAULT_PUBLIC_THEME,
  escapeHtml,
  IFRAME_ALLOW_LIST,
  type LandingDocument,
  type PageBrand,
  publicPageCss,
  renderDocument,
  renderHead,
  richTextHtml,
  type ShareTarget,
} from '@promo/landing';
import { FAVICON_LINK } from '../../platform/http/favicon.ts';
import { mapBoxHtml } from './map-box-html.ts';

/** Hosts the tenant's tag manager loads from; allowed in the CSP only when it is configured. */
const TAG_MANAGER_HOST = 'https://www.googletagmanager.com';

/** Catalogue messages the public script shows (Spanish, the public pages' language). */
export const SCRIPT_MESSAGE_CODES: readonly ErrorCode[] = [
  'FIELD_REQUIRED',
  'REQUIRED_ANSWER',
  'BIRTHDATE_REQUIRED',
  'FIELD_INVALID',
  'FIELD_TOO_LONG',
  'SPECIAL_CHARACTERS',
  'EMAIL_FORMAT',
  'PHONE_DIGITS',
  'IDENTITY_FORMAT',
  'IDENTITY_PATTERN',
  'UNDERAGE',
  'CONSENT_REQUIRED',
  'VALIDATION_FAILED',
  'INTERNAL_ERROR',
  'RATE_LIMITED',
  'GEOLOCATION_UNSUPPORTED',
];

export type PageData = {
  tenant: string;
  campaign: string;
  kind: string;
  landingId: string;
  group: string;
  page: number;
  pages: number;
  nextUrl: string | null;
  participateUrl: string;
  fields: unknown[];
  rules: {
    phoneDigits: number;
    phonePrefix: string;
    identity: { label: string; pattern: string };
    departments: string[];
    minAge: number;
  };
  messages: Record<string, string>;
  /** Redemption centres of the campaign for the map element. */
  centres: { name: string; address?: string; lat?: number; lng?: number }[];
  /** The map library (loaded after first paint, only when the page has a map) and its tile server. */
  map: { script: string; css: string; tiles: { url: string; attribution: string } } | null;
  /** The campaign's time zone: dates on the page are shown in it, whatever the browser's. */
  timeZone?: string;
  /** When reward codes can be redeemed (ISO instants; null: no bound). */
  redeem?: { from: string | null; until: string | null };
};

export function scriptMessages(): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const code of SCRIPT_MESSAGE_CODES) messages[code] = errorMessage(code, 'es');
  return messages;
}

/** The origin of a tile URL template (`{s}` subdomains allowed by a wildcard). */
export function tileOrigin(url: string): string {
  const match = /^(https?):\/\/([^/]+)/.exec(url);
  if (!match) return '';
  return `${match[1]}://${(match[2] as string).replace(/^\{s\}\./, '*.')}`;
}

/**
 * The page's Content-Security-Policy: no inline script without the nonce, frames from the
 * allow-list only, the tag manager only when configured, map tiles from the tile server.
 */
export function contentSecurityPolicy(
  nonce: string,
  options: { tagManager: boolean; tiles?: string },
): string {
  const frames = Object.keys(IFRAME_ALLOW_LIST).map((host) => `https://${host}`);
  const tm = options.tagManager ? ` ${TAG_MANAGER_HOST}` : '';
  const tiles = options.tiles ? tileOrigin(options.tiles) : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${tm}`,
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src 'self' data: https:${tiles && !tiles.startsWith('https:') ? ` ${tiles}` : ''}`,
    `connect-src 'self'${tm}`,
    `frame-src ${frames.join(' ')}${tm}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function tagManagerSnippet(id: string, nonce: string): string {
  // the container id is checked by the tenant configuration schema (GTM-XXXX)
  const safe = /^GTM-[A-Z0-9]{4,12}$/.test(id) ? id : null;
  if (!safe) return '';
  return `<script nonce="${nonce}">(function(w,d,i){w.dataLayer=w.dataLayer||[];w.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});var s=d.createElement('script');s.async=true;s.nonce='${nonce}';s.src='${TAG_MANAGER_HOST}/gtm.js?id='+i;d.head.appendChild(s);})(window,document,'${safe}');</script>`;
}

/** JSON inside a data block: `<` escaped so no text can close the element. */
export function jsonBlock(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The terms and privacy notice as inert `<template>`s the public script shows in dialogs. */
function legalTemplates(legal: { terms: string | null; privacy: string | null } | undefined): string {
  let out = '';
  for (const key of ['terms', 'privacy'] as const) {
    const html = richTextHtml(legal?.[key]);
    if (html) out += `<template id="lp-${key}-text">${html}</template>`;
  }
  return out;
}

export function landingHtml(input: {
  document: LandingDocument;
  nonce: string;
  scriptUrl: string | null;
  data: PageData;
  tagManagerId: string | null;
  brand?: PageBrand;
  /** The page's absolute address (og:url, share buttons). */
  pageUrl?: string;
  /**
   * The group's first page (where people start) and its absolute address, for the group's later
   * pages: their canonical link, share tags and share buttons name it (renderHead).
   */
  entry?: { document: LandingDocument; url: string };
  /** What the page's share buttons share (the group's address and an invitation). */
  share?: ShareTarget;
  /** The campaign's terms and privacy notice (rich text, sanitised again here), read in dialogs. */
  legal?: { terms: string | null; privacy: string | null };
}): string {
  const { document, nonce } = input;
  const brand: PageBrand = input.brand ?? DEFAULT_PUBLIC_THEME;
  const rendered = renderDocument(document, {
    header: brandHeader(brand),
    mapContent: mapBoxHtml(input.data.centres, input.data.map !== null),
    ...(input.pageUrl ? { pageUrl: input.pageUrl } : {}),
    ...(input.share ? { share: input.share } : {}),
  });
  const script = input.scriptUrl ? `<script src="${escapeHtml(input.scriptUrl)}" defer></script>` : '';
  return (
    '<!doctype html><html lang="es"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    FAVICON_LINK +
    renderHead(document, {
      ...(input.pageUrl ? { pageUrl: input.pageUrl } : {}),
      ...(input.entry ? { entry: input.entry } : {}),
    }) +
    '<meta property="og:type" content="website">' +
    (input.tagManagerId ? tagManagerSnippet(input.tagManagerId, nonce) : '') +
    `<style nonce="${nonce}">${publicPageCss(brand)}${rendered.css}</style>` +
    script +
    `</head><body><main>${rendered.html}</main>` +
    legalTemplates(input.legal) +
    `<script type="application/json" id="landing-data">${jsonBlock(input.data)}</script>` +
    '</body></html>'
  );
}

/** A plain page of the public site: not found, not available, suspended. */
export function simplePage(nonce: string, title: string, message: string): string {
  return (
    '<!doctype html><html lang="es"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    FAVICON_LINK +
    `<title>${escapeHtml(title)}</title>` +
    `<style nonce="${nonce}">${publicPageCss()}.lp-page{max-width:36rem;margin-top:15vh;text-align:center}</style>` +
    `</head><body><main class="lp-page"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`
  );
}

export const SIMPLE_PAGES = {
  notFound: {
    status: 404,
    title: 'Página no encontrada',
    message: 'No encontramos la página que busca. Revise la dirección e inténtelo de nuevo.',
  },
  notAvailable: {
    status: 200,
    title: 'Promoción no disponible',
    message: 'Esta promoción no está disponible en este momento. ¡Gracias por su interés!',
  },
  /** A live campaign before its start: `{when}` is when it opens, in the tenant's zone (opensAtWords). */
  opensLater: {
    status: 200,
    title: 'Promoción aún no abierta',
    message: 'Esta promoción abre {when}. ¡Le esperamos!',
  },
  /** A marketplace whose points campaign is still a draft: it exists, it is not open yet. */
  notYetOpen: {
    status: 200,
    title: 'Tienda aún no abierta',
    message: 'Esta tienda todavía no está abierta. Vuelva pronto: le esperamos.',
  },
  suspended: {
    status: 403,
    title: 'Sitio no disponible',
    message: 'Este sitio está suspendido temporalmente. Inténtelo más tarde.',
  },
} as const;
export type SimplePageKind = keyof typeof SIMPLE_PAGES;
