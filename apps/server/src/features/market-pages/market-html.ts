import { type ErrorCode, errorMessage } from '@promo/contract';
import { escapeHtml } from '@promo/landing';
import { FAVICON_LINK } from '../../platform/http/favicon.ts';
import { jsonBlock } from '../landings/index.ts';

/** The five end-customer pages (spec routes `{tenant}/marketplace...` and `{tenant}/transactions...`). */
export type MarketPageKind =
  | 'marketplace-authentication'
  | 'transactions-authentication'
  | 'marketplace'
  | 'marketplace-code'
  | 'transactions';

/** Catalogue messages the script shows before (or without) the server's answer. */
export const MARKET_MESSAGE_CODES: readonly ErrorCode[] = [
  'FIELD_REQUIRED',
  'OTP_INVALID',
  'SHOP_REQUIRED',
  'UNAUTHENTICATED',
  'INTERNAL_ERROR',
];

/** What the page hands its script (JSON block `#market-data`). */
export type MarketPageData = {
  page: MarketPageKind;
  tenant: string;
  campaign: string;
  /** The marketplace of the page (marketplace, marketplace-code), else null. */
  marketplaceId: string | null;
  /** The person of the transactions page (`{id}`), else null. */
  personId: string | null;
  /** The campaign country's time zone: times are shown in it, whatever the phone's zone. */
  timeZone: string;
  messages: Record<string, string>;
};

export function marketMessages(): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const code of MARKET_MESSAGE_CODES) messages[code] = errorMessage(code, 'es');
  return messages;
}

/** The tenant's colours (resolved theme); anything but a hex colour falls back to the default. */
export type PageColors = Partial<
  Record<'primary' | 'primaryContrast' | 'background' | 'surface' | 'text' | 'muted' | 'accent', string>
>;

const DEFAULT_COLORS = {
  primary: '#1c5fb8',
  primaryContrast: '#ffffff',
  background: '#f5f7fa',
  surface: '#ffffff',
  text: '#1a1a1a',
  muted: '#5c6670',
  accent: '#0b7a4b',
};

function color(value: string | undefined, fallback: string): string {
  return value && /^#[0-9a-fA-F]{3,8}$/.test(value) ? value : fallback;
}

function themeCss(colors: PageColors): string {
  const c = (key: keyof typeof DEFAULT_COLORS) => color(colors[key], DEFAULT_COLORS[key]);
  return `:root{--p:${c('primary')};--pc:${c('primaryContrast')};--bg:${c('background')};--s:${c('surface')};--t:${c('text')};--m:${c('muted')};--a:${c('accent')}}`;
}

/** Mobile first: one column, cards; two or three product columns on wider screens. */
const CSS =
  '*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--t);line-height:1.45}' +
  'a{color:var(--p)}.mk-top{background:var(--p);color:var(--pc);padding:1rem}.mk-top a{color:var(--pc)}' +
  '.mk-tenant{margin:0;font-size:.875rem;opacity:.9}.mk-top h1{margin:.25rem 0 0;font-size:1.375rem}' +
  '.mk-nav{display:flex;flex-wrap:wrap;gap:.75rem 1rem;margin-top:.75rem;align-items:center}' +
  '.mk-nav button{background:none;border:1px solid var(--pc);color:var(--pc);border-radius:6px;padding:.375rem .75rem;font:inherit}' +
  'main{max-width:64rem;margin:0 auto;padding:1rem}.mk-card{background:var(--s);border-radius:10px;padding:1rem;box-shadow:0 1px 3px rgba(0,0,0,.12);margin-bottom:1rem}' +
  '.mk-card h2{margin:0 0 .5rem;font-size:1.125rem}.mk-balance{font-size:1.125rem;margin:0}.mk-balance strong{font-size:1.5rem}' +
  'label{display:block;font-weight:600;margin:.75rem 0 .25rem}input,select{width:100%;font:inherit;padding:.625rem;border:1px solid #9aa3ab;border-radius:6px;background:#fff;color:#1a1a1a}' +
  'input:focus,select:focus,button:focus,a:focus{outline:3px solid var(--a);outline-offset:2px}' +
  '.mk-btn{display:inline-block;margin-top:.875rem;width:100%;min-height:44px;border:0;border-radius:6px;background:var(--p);color:var(--pc);font:inherit;font-weight:600;padding:.625rem 1rem;cursor:pointer}' +
  '.mk-btn[disabled]{opacity:.6;cursor:default}.mk-link{background:none;border:0;color:var(--p);font:inherit;text-decoration:underline;padding:.5rem 0;cursor:pointer}' +
  '.mk-error{display:block;color:#b00020;font-size:.875rem;margin:.25rem 0}[aria-invalid=true]{border-color:#b00020}' +
  '.mk-message{margin:1rem 0;padding:.75rem 1rem;border-radius:6px;background:#eef6ee;color:#14521c}.mk-message[data-kind=error]{background:#fdecee;color:#8a0014}' +
  '.mk-products{list-style:none;margin:0;padding:0;display:grid;gap:1rem;grid-template-columns:1fr}' +
  '.mk-product img{width:100%;aspect-ratio:4/3;object-fit:cover;border-radius:6px;background:#e8eef3}.mk-product h2{margin:.5rem 0 .25rem}' +
  '.mk-headline{font-size:1.125rem;margin:.25rem 0 .5rem}' +
  '.mk-price{font-weight:700;color:var(--p);margin:.25rem 0}.mk-stock,.mk-muted{color:var(--m);font-size:.875rem;margin:.25rem 0}' +
  '.mk-code{font-size:1.375rem;font-weight:700;letter-spacing:.04em;word-break:break-all;margin:.5rem 0}' +
  '.mk-list{list-style:none;margin:0;padding:0}.mk-list li{padding:.75rem 0;border-bottom:1px solid #dde2e6;display:grid;grid-template-columns:1fr auto;gap:.25rem .75rem}' +
  '.mk-amount{font-weight:700;text-align:right}.mk-amount[data-sign=minus]{color:#8a0014}.mk-amount[data-sign=plus]{color:#14521c}' +
  '.mk-list .mk-muted,.mk-list .mk-order{grid-column:1/-1}' +
  '.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}' +
  '@media (min-width:40rem){.mk-products{grid-template-columns:repeat(2,1fr)}.mk-btn{width:auto}.mk-auth{max-width:28rem;margin:2rem auto}}' +
  '@media (min-width:62rem){.mk-products{grid-template-columns:repeat(3,1fr)}}';

export type MarketPageInput = {
  kind: MarketPageKind;
  nonce: string;
  scriptUrl: string | null;
  tenantName: string;
  colors: PageColors;
  campaignTitle: string;
  /** The marketplace's name (marketplace pages). */
  marketplaceName: string | null;
  /** The marketplace's cover message ("Mensaje de portada"), under its name. */
  headline: string | null;
  /** The identity number's name in the campaign's country ('Cédula'). */
  identityLabel: string;
  data: MarketPageData;
};

const TITLES: Record<MarketPageKind, string> = {
  'marketplace-authentication': 'Ingreso a la tienda',
  'transactions-authentication': 'Ingreso a mis movimientos',
  marketplace: 'Tienda',
  'marketplace-code': 'Canjear un código',
  transactions: 'Mis movimientos',
};

function authBody(input: MarketPageInput): string {
  const label = escapeHtml(input.identityLabel);
  const intro =
    input.kind === 'marketplace-authentication'
      ? 'Para ver los productos y canjear sus puntos, escriba su número de identificación.'
      : 'Para ver sus puntos y movimientos, escriba su número de identificación.';
  return (
    '<section class="mk-card mk-auth" aria-labelledby="auth-title">' +
    `<h2 id="auth-title">${escapeHtml(TITLES[input.kind])}</h2>` +
    `<p>${intro} Le enviaremos un código de acceso a su correo electrónico.</p>` +
    '<form data-step="identity" novalidate>' +
    `<label for="cedula">${label}</label>` +
    '<input id="cedula" name="cedula" autocomplete="off" autocapitalize="none" spellcheck="false" required maxlength="40">' +
    '<button class="mk-btn" type="submit" disabled>Enviar código</button></form>' +
    '<form data-step="code" hidden novalidate>' +
    '<p data-sent-to></p>' +
    '<label for="code">Código de acceso (6 dígitos)</label>' +
    '<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required>' +
    '<button class="mk-btn" type="submit">Ingresar</button>' +
    '<p><button class="mk-link" type="button" data-action="restart">Usar otro número o pedir un código nuevo</button></p></form>' +
    '<div class="mk-message" role="status" aria-live="polite" hidden></div></section>'
  );
}

function balanceBlock(): string {
  return '<p class="mk-balance">Su saldo: <strong data-balance>…</strong> puntos</p>';
}

function marketplaceBody(): string {
  return (
    `<section class="mk-card" aria-label="Saldo">${balanceBlock()}<p class="mk-muted" data-person></p></section>` +
    '<div class="mk-message" role="status" aria-live="polite" hidden></div>' +
    '<section class="mk-card" data-result hidden tabindex="-1" aria-labelledby="result-title"></section>' +
    '<h2 class="sr-only" id="products-title">Productos</h2>' +
    '<ul class="mk-products" data-products aria-labelledby="products-title" aria-busy="true"></ul>'
  );
}

function codeBody(): string {
  return (
    `<section class="mk-card" aria-label="Saldo">${balanceBlock()}</section>` +
    '<section class="mk-card" aria-labelledby="code-title"><h2 id="code-title">Canjear un código</h2>' +
    '<p>Escriba el código que recibió: le suma puntos o le entrega el producto al que corresponde.</p>' +
    '<form data-code-form novalidate>' +
    '<label for="redeem-code">Código</label>' +
    '<input id="redeem-code" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" required maxlength="64">' +
    '<div data-shop-field hidden><label for="redeem-shop">Tienda de retiro</label><select id="redeem-shop" name="centreId"></select></div>' +
    '<button class="mk-btn" type="submit" disabled>Canjear código</button></form>' +
    '<div class="mk-message" role="status" aria-live="polite" hidden></div></section>' +
    '<section class="mk-card" data-result hidden tabindex="-1" aria-labelledby="result-title"></section>'
  );
}

function transactionsBody(): string {
  return (
    `<section class="mk-card" aria-label="Saldo">${balanceBlock()}</section>` +
    '<div class="mk-message" role="status" aria-live="polite" hidden></div>' +
    '<section class="mk-card" aria-labelledby="tx-title"><h2 id="tx-title">Movimientos</h2>' +
    '<ol class="mk-list" data-transactions aria-busy="true"></ol>' +
    '<button class="mk-btn" type="button" data-action="more" hidden>Ver más movimientos</button></section>'
  );
}

function nav(input: MarketPageInput): string {
  if (input.kind === 'marketplace-authentication' || input.kind === 'transactions-authentication') return '';
  // the script fills the hrefs (they need the signed-in person and marketplace)
  const links: string[] = [];
  if (input.kind !== 'marketplace')
    links.push('<a data-link="marketplace" href="#" hidden>Ver la tienda</a>');
  if (input.kind !== 'marketplace-code')
    links.push('<a data-link="code" href="#" hidden>Canjear un código</a>');
  if (input.kind !== 'transactions')
    links.push('<a data-link="transactions" href="#" hidden>Mis movimientos</a>');
  links.push('<button type="button" data-action="sign-out">Salir</button>');
  return `<nav class="mk-nav" aria-label="Opciones">${links.join('')}</nav>`;
}

/** One end-customer page: the frame server-rendered, the person's data filled by the script. */
export function marketPageHtml(input: MarketPageInput): string {
  const heading = input.marketplaceName ?? input.campaignTitle;
  const title = `${TITLES[input.kind]} · ${input.tenantName}`;
  const script = input.scriptUrl ? `<script src="${escapeHtml(input.scriptUrl)}" defer></script>` : '';
  const bodies: Record<MarketPageKind, () => string> = {
    'marketplace-authentication': () => authBody(input),
    'transactions-authentication': () => authBody(input),
    marketplace: marketplaceBody,
    'marketplace-code': codeBody,
    transactions: transactionsBody,
  };
  return (
    '<!doctype html><html lang="es"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex">' +
    FAVICON_LINK +
    `<title>${escapeHtml(title)}</title>` +
    `<style nonce="${input.nonce}">${themeCss(input.colors)}${CSS}</style>` +
    script +
    '</head><body>' +
    `<header class="mk-top"><p class="mk-tenant">${escapeHtml(input.tenantName)}</p>` +
    `<h1>${escapeHtml(heading)}</h1>` +
    (input.headline ? `<p class="mk-headline" data-headline>${escapeHtml(input.headline)}</p>` : '') +
    `${nav(input)}</header>` +
    `<main>${bodies[input.kind]()}` +
    '<noscript><p class="mk-message" data-kind="error">Esta página necesita JavaScript activado.</p></noscript></main>' +
    `<script type="application/json" id="market-data">${jsonBlock(input.data)}</script>` +
    '</body></html>'
  );
}
