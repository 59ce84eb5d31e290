/**
 * The public page's design system: readable defaults for every element the builder offers,
 * derived from the tenant's theme (colours, font stack), so that a page built from the palette
 * looks finished before anyone styles it. Every default sits inside `:where()`, weighing at most
 * an element name (`:where(.lp-page) a`), so the document's own element and page styles
 * (`.lp-<id>`, `.lp-page`, compiled after it) always win. Between two defaults of equal weight the
 * later one wins: a more particular default (a call-to-action link) comes after the general one. One place for the published page and the builder canvas: wrap the canvas in
 * `.lp-page` and add `<style>{publicPageCss(theme)}</style>`.
 *
 * Touch targets: buttons, lists and check boxes are at least 44 px high; a text input keeps the
 * builder's 35 px height and its label (min 44 px, `for` the input) adds to the area that focuses it.
 */
import {
  type FontChoice,
  resolveThemeColors,
  THEME_PRESET_COLORS,
  type Theme,
  type ThemeColorKey,
} from '@promo/contract';
import { readableShade, textOn } from './contrast.ts';
import { escapeHtml } from './escape.ts';
import { isSafeImageUrl } from './sanitize.ts';

/** System font stacks (no web font to download), one per `theme.font`. */
export const FONT_STACKS: Record<FontChoice, string> = {
  system: 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif',
  humanist: 'Seravek,"Gill Sans Nova",Ubuntu,Calibri,"DejaVu Sans",source-sans-pro,sans-serif',
  geometric: 'Avenir,Montserrat,Corbel,"URW Gothic",source-sans-pro,sans-serif',
  serif: 'Charter,"Bitstream Charter","Sitka Text",Cambria,Georgia,serif',
  rounded:
    'ui-rounded,"Hiragino Maru Gothic ProN",Quicksand,Comfortaa,Manjari,"Arial Rounded MT",Calibri,sans-serif',
};

/** What the page takes from the tenant: resolved colours and the font choice. */
export type PublicTheme = { colors: Record<ThemeColorKey, string>; font?: FontChoice | undefined };

export const DEFAULT_PUBLIC_THEME: PublicTheme = { colors: THEME_PRESET_COLORS.light, font: 'system' };

/**
 * The theme as CSS custom properties on `.lp-page`; colours that carry text are shaded until they
 * read at 4.5:1 on the surface they sit on (a light brand colour still gives readable buttons).
 */
export function themeVariables(theme: PublicTheme): string {
  const c = theme.colors;
  const button = readableShade(c.primary, c.primaryContrast);
  const vars: Record<string, string> = {
    '--lp-font': FONT_STACKS[theme.font ?? 'system'] ?? FONT_STACKS.system,
    '--lp-background': c.background,
    '--lp-surface': c.surface,
    '--lp-text': readableShade(c.text, c.surface, 7),
    '--lp-muted': readableShade(c.muted, c.surface),
    '--lp-border': readableShade(c.muted, c.surface, 3),
    '--lp-link': readableShade(c.primary, c.surface),
    '--lp-primary': button,
    '--lp-on-primary': readableShade(c.primaryContrast, button),
    '--lp-accent': c.accent,
    '--lp-on-accent': textOn(c.accent),
    '--lp-danger': readableShade('#c92a2a', c.surface),
    '--lp-radius': '8px',
  };
  return `.lp-page{${Object.entries(vars)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
}

/** Element defaults (at most an element name's weight: the document's styles override any of them). */
export const PUBLIC_CSS =
  // page: padding, width, type
  ':where(.lp-page){box-sizing:border-box;max-width:64rem;margin:0 auto;padding:1.25rem 1rem 2.5rem;' +
  'background:var(--lp-surface);color:var(--lp-text);font-family:var(--lp-font);font-size:1rem;line-height:1.5;' +
  'overflow-wrap:break-word;-webkit-text-size-adjust:100%}' +
  ':where(.lp-brand){display:block;margin:0 0 1rem}:where(.lp-brand) img{max-height:3rem;width:auto}' +
  ':where(.lp-page) :where(h1,h2,h3,h4,h5){margin:0 0 .5em;line-height:1.2;font-weight:700;text-wrap:balance}' +
  ':where(.lp-page) h1{font-size:clamp(1.75rem,1.2rem + 2.4vw,2.75rem)}' +
  ':where(.lp-page) h2{font-size:clamp(1.4rem,1.1rem + 1.4vw,2rem)}' +
  ':where(.lp-page) h3{font-size:1.3rem}:where(.lp-page) h4{font-size:1.125rem}:where(.lp-page) h5{font-size:1rem}' +
  ':where(.lp-page) :where(p,ul,ol){margin:0 0 1rem}:where(.lp-page) :where(ul,ol){padding-left:1.25rem}' +
  ':where(.lp-page) a{color:var(--lp-link);text-decoration:underline;text-underline-offset:.15em}' +
  // call-to-action links (id starting with "cta", as the templates' shop link): a button to tap.
  // Same weight as the link rule above (an element's), and after it, so its colours win over the
  // link colour; an element's own styles (a class) still win over both.
  ':where(.lp-page) a:where([class^="lp-cta"],[class*=" lp-cta"]){display:inline-flex;align-items:center;' +
  'justify-content:center;min-height:2.75rem;padding:.625rem 1.25rem;margin:0 0 1rem;border-radius:var(--lp-radius);' +
  'background:var(--lp-primary);color:var(--lp-on-primary);font-weight:600;text-decoration:none}' +
  // rows: columns side by side on wide screens, stacked on a phone (BASE_CSS: a column is at least 16rem wide, else it wraps)
  ':where(.lp-row){gap:1.5rem;margin:0 0 1rem}' +
  // forms: labels over their controls, 44 px touch areas, visible focus, error states
  ':where(.lp-page) form{display:flex;flex-direction:column;gap:.25rem;max-width:32rem;margin:0 0 1rem}' +
  ':where(.lp-page) label{display:flex;align-items:flex-end;min-height:2.75rem;padding:.5rem 0 .25rem;' +
  'font-weight:600;font-size:.9375rem;line-height:1.3;cursor:pointer}' +
  ':where(.lp-page) :where(input,select,textarea){font:inherit;font-size:1rem;line-height:1.25;color:var(--lp-text);' +
  'background:var(--lp-surface);border:1px solid var(--lp-border);border-radius:var(--lp-radius);' +
  'padding:.375rem .75rem;width:100%;max-width:100%;min-width:0;margin:0}' +
  ':where(.lp-page) select{min-height:2.75rem}:where(.lp-page) textarea{min-height:6rem;resize:vertical}' +
  ':where(.lp-page) :where(input,select,textarea)::placeholder{color:var(--lp-muted);opacity:1}' +
  ':where(.lp-page) form :where(div:has(>select[data-date-part])){display:flex;gap:.5rem}' +
  ':where(.lp-page) form p{font-size:.875rem;color:var(--lp-muted);margin:0}' +
  ':where(.lp-page) :focus-visible{outline:3px solid var(--lp-link);outline-offset:2px}' +
  // a heading the script focuses to announce an outcome is not a control: no focus ring on it
  ':where(.lp-page) [tabindex="-1"]:focus{outline:none}' +
  ':where(.lp-page) [aria-invalid=true]{border-color:var(--lp-danger);box-shadow:0 0 0 1px var(--lp-danger)}' +
  ':where(.lp-field-error){display:block;color:var(--lp-danger);font-size:.875rem;margin:.25rem 0 0}' +
  // check boxes and radios beside their label, the whole row tappable
  ':where(.lp-check){display:flex;align-items:center;gap:.625rem;min-height:2.75rem;margin:.25rem 0}' +
  ':where(.lp-check) label{min-height:2.75rem;padding:.5rem 0;align-items:center;font-weight:400}' +
  ':where(.lp-page) :where(input[type=checkbox],input[type=radio]){width:1.375rem;height:1.375rem;flex:none;' +
  'padding:0;accent-color:var(--lp-primary);cursor:pointer}' +
  // buttons
  ':where(.lp-page) button{font:inherit;font-weight:600;line-height:1.2;min-height:2.75rem;min-width:fit-content;' +
  'max-width:100%;padding:.625rem 1.25rem;border:1px solid transparent;border-radius:var(--lp-radius);' +
  'background:var(--lp-primary);color:var(--lp-on-primary);cursor:pointer;touch-action:manipulation}' +
  ':where(.lp-page) button:hover{filter:brightness(.92)}' +
  ':where(.lp-page) button:disabled{opacity:.65;cursor:not-allowed;filter:none}' +
  ':where(.lp-page) form button[type=submit]{margin-top:.75rem;align-self:flex-start}' +
  ':where(.lp-page) form[aria-busy=true] button[type=submit]{opacity:.65}' +
  // the form's message line and the outcome a person can use
  ':where(.lp-message){margin:1rem 0;padding:.75rem 1rem;border-radius:var(--lp-radius);background:#e6f4ea;color:#14532d}' +
  ':where(.lp-message)[data-kind=error]{background:#fdecee;color:#8a0014}' +
  ':where(.lp-outcome){margin:1rem 0;padding:1.25rem 1rem;border:2px solid var(--lp-border);border-radius:12px;' +
  'background:var(--lp-surface);text-align:center}' +
  ':where(.lp-outcome) h2{font-size:1.25rem;margin:0 0 .75rem}' +
  ':where(.lp-code){display:block;font:700 clamp(1.75rem,1.2rem + 3vw,2.5rem)/1.15 ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace;' +
  'letter-spacing:.08em;word-break:break-all;margin:.25rem 0 .75rem;user-select:all}' +
  ':where(.lp-qr){display:block;width:13rem;height:13rem;max-width:100%;margin:.5rem auto 1rem;padding:.5rem;' +
  'background:#fff;border-radius:var(--lp-radius);image-rendering:pixelated}' +
  ':where(.lp-outcome) dl{margin:1rem 0 0;text-align:left}:where(.lp-outcome) dt{font-weight:600}' +
  ':where(.lp-outcome) dd{margin:0 0 .75rem}' +
  ':where(.lp-outcome) ul{list-style:none;padding:0;margin:0}' +
  ':where(.lp-outcome) li{padding:.5rem 0;border-top:1px solid var(--lp-border)}' +
  // the instant-award reveal: a card to tap (a button, 44 px and more), turned by CSS only
  ':where(.lp-page) .lp-reveal-card{display:flex;align-items:center;justify-content:center;width:100%;max-width:20rem;' +
  'min-height:9rem;margin:0 auto 1rem;padding:1rem;border:0;border-radius:12px;font-size:1.25rem;' +
  'background:var(--lp-accent);color:var(--lp-on-accent);box-shadow:0 6px 20px rgba(0,0,0,.15)}' +
  ':where(.lp-page) .lp-reveal-card[data-revealed]{cursor:default;filter:none;animation:lp-turn .6s ease-out}' +
  ':where(.lp-page) .lp-reveal-card[data-revealed=won]{background:var(--lp-primary);color:var(--lp-on-primary)}' +
  ':where(.lp-page) .lp-reveal-card[data-revealed=lost]{background:var(--lp-surface);color:var(--lp-text);border:2px solid var(--lp-border)}' +
  ':where(.lp-page) .lp-reveal-result:not(:empty){animation:lp-fade .3s ease-out .5s both}' +
  '@keyframes lp-turn{from{transform:rotateY(90deg)}}@keyframes lp-fade{from{opacity:0}}' +
  '@media (prefers-reduced-motion:reduce){:where(.lp-page) .lp-reveal-card[data-revealed],:where(.lp-page) .lp-reveal-result:not(:empty){animation:none}}' +
  // the terms: a link-styled button beside the consent box, read in a dialog
  ':where(.lp-legal){display:flex;flex-wrap:wrap;column-gap:1.25rem}' +
  ':where(.lp-page) .lp-terms-link{align-self:flex-start;min-height:2.75rem;background:none;border:0;padding:.5rem 0;color:var(--lp-link);' +
  'font-weight:400;text-decoration:underline;text-underline-offset:.15em}' +
  ':where(.lp-dialog){width:min(40rem,calc(100% - 2rem));max-height:85vh;padding:1.25rem;border:0;' +
  'border-radius:12px;background:var(--lp-surface);color:var(--lp-text);box-shadow:0 10px 40px rgba(0,0,0,.3)}' +
  ':where(.lp-dialog)::backdrop{background:rgba(0,0,0,.5)}' +
  ':where(.lp-dialog-body){overflow:auto;max-height:60vh;margin:0 0 1rem}' +
  // share buttons: plain links (and the copy button) side by side, wrapping on a phone
  ':where(.lp-share){display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 1rem}' +
  ':where(.lp-share) .lp-share-link{display:inline-flex;align-items:center;justify-content:center;min-height:2.75rem;' +
  'min-width:2.75rem;padding:.5rem 1rem;border:1px solid var(--lp-border);border-radius:var(--lp-radius);' +
  'background:var(--lp-surface);color:var(--lp-text);font:inherit;font-weight:600;line-height:1.2;text-decoration:none;cursor:pointer}' +
  ':where(.lp-share) .lp-share-link:hover{background:var(--lp-background);filter:none}' +
  // map element
  ':where(.lp-map) ul{list-style:none;padding:0}:where(.lp-map) li{padding:.5rem 0;border-bottom:1px solid var(--lp-border)}' +
  ':where(.lp-map-canvas){height:280px;margin:.5rem 0;border-radius:var(--lp-radius);background:#e8eef3}' +
  // the map's zoom buttons at 44 px (stronger than the map library's own 30 px, loaded later)
  '.lp-page .lp-map .leaflet-bar a{width:44px;height:44px;line-height:44px;font-size:22px}' +
  // toasts: top right, newest on top, 4 s (landing-page style)
  '.lp-toasts{position:fixed;top:1rem;right:1rem;left:1rem;z-index:1000;display:flex;flex-direction:column;' +
  'align-items:flex-end;gap:.5rem;pointer-events:none}' +
  '.lp-toast{pointer-events:auto;max-width:24rem;padding:.75rem 1rem;border-radius:var(--lp-radius,8px);color:#fff;' +
  'font:500 .9375rem/1.4 var(--lp-font,system-ui,sans-serif);box-shadow:0 6px 20px rgba(0,0,0,.2);cursor:pointer;' +
  'transition:opacity .3s;animation:lp-toast-in .3s}' +
  '.lp-toast[data-kind=info]{background:#1c4e80}.lp-toast[data-kind=success]{background:#1b6e3a}' +
  '.lp-toast[data-kind=danger]{background:#b00020}.lp-toast[data-kind=alert]{background:#8a4b00}' +
  '.lp-toast[data-leaving]{opacity:0}' +
  '@keyframes lp-toast-in{from{opacity:0;transform:translateY(-.5rem)}}' +
  '@media (prefers-reduced-motion:reduce){.lp-toast{animation:none;transition:none}}' +
  '@media (min-width:40rem){:where(.lp-page){padding:2rem 2rem 3rem}.lp-toasts{left:auto}}';

/** The tenant's look on its public pages (and on the builder canvas): theme, logo and name. */
export type PageBrand = PublicTheme & { logoUrl?: string | null | undefined; name?: string | undefined };

/** The look of a tenant (its name and theme) on its pages: the published page and the builder canvas alike. */
export function pageBrandOf(tenant: { name: string; theme: Theme }): PageBrand {
  return {
    colors: resolveThemeColors(tenant.theme),
    font: tenant.theme.font,
    logoUrl: tenant.theme.logoUrl,
    name: tenant.name,
  };
}

/** The tenant's logo at the top of a page (trusted HTML for `renderDocument`'s header), or ''. */
export function brandHeader(brand: PageBrand): string {
  const logo = brand.logoUrl && isSafeImageUrl(brand.logoUrl) ? brand.logoUrl : null;
  return logo
    ? `<header class="lp-brand"><img src="${escapeHtml(logo)}" alt="${escapeHtml(brand.name ?? '')}" height="48"></header>`
    : '';
}

/** The whole design system for one tenant: body, theme variables and element defaults. */
export function publicPageCss(theme: PublicTheme = DEFAULT_PUBLIC_THEME): string {
  return `body{margin:0;background:${theme.colors.background}}${themeVariables(theme)}${PUBLIC_CSS}`;
}
