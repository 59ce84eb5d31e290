/**
 * Compiles element styles to one stylesheet: a class per element (`.lp-<id>`), desktop styles
 * first, mobile styles in `@media (max-width: 768px)` last so they override.
 * `stylesApplyInMobile: true` (the default): desktop styles apply at every width and mobile styles
 * override them; `false`: desktop styles apply only above the breakpoint.
 */
import type { LandingDocument } from './document.ts';
import { LANDING_LIMITS, MOBILE_BREAKPOINT_PX } from './element-types.ts';
import { asElement, asRecord, childrenOf, type RawRecord, styleEntries } from './guards.ts';
import { checkStyle, toKebabCase } from './sanitize.ts';

/** Layout the row/column and widget elements need whatever the author set. */
export const BASE_CSS =
  '.lp-page{box-sizing:border-box}.lp-page *{box-sizing:inherit}.lp-page img{max-width:100%;height:auto}' +
  '.lp-row{display:flex;flex-wrap:wrap}.lp-column{flex:1 1 0;min-width:0}.lp-page iframe{border:0;max-width:100%}';

/**
 * The public page's own styles (font, colour, the script's messages, the map list), before the
 * document's CSS. The builder's canvas uses the same so its preview looks like the published page.
 */
export const PUBLIC_PAGE_CSS =
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a}' +
  '.lp-field-error{display:block;color:#b00020;font-size:.875rem;margin:.25rem 0}' +
  '[aria-invalid=true]{border-color:#b00020;outline-color:#b00020}' +
  '.lp-message{margin:1rem 0;padding:.75rem 1rem;border-radius:6px;background:#eef6ee;color:#14521c}' +
  '.lp-message[data-kind=error]{background:#fdecee;color:#8a0014}' +
  '.lp-reward-code:not(:empty){font-size:1.5rem;font-weight:700;letter-spacing:.1em}' +
  '.lp-map ul{list-style:none;padding:0}.lp-map li{padding:.5rem 0;border-bottom:1px solid #ddd}' +
  '.lp-map-canvas{height:280px;margin:.5rem 0;border-radius:6px;background:#e8eef3}';

export const MOBILE_MEDIA = `@media (max-width: ${MOBILE_BREAKPOINT_PX}px)`;
export const DESKTOP_MEDIA = `@media (min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`;

/** `prop:value;` for every allowed declaration; anything that fails the checks is dropped. */
export function compileDeclarations(styles: unknown): string {
  let css = '';
  for (const [property, value] of styleEntries(styles)) {
    const check = checkStyle(property, value);
    if (check.ok) css += `${toKebabCase(property)}:${check.value};`;
  }
  return css;
}

const PIXELS = /^\d{1,5}(\.\d{1,3})?$/;

/** HTML width/height attributes as CSS (unitless means pixels); styles declared later win. */
function sizeDeclarations(attributes: RawRecord): string {
  let css = '';
  for (const property of ['width', 'height'] as const) {
    const value = attributes[property];
    if (typeof value !== 'string') continue;
    const check = checkStyle(property, PIXELS.test(value) ? `${value}px` : value);
    if (check.ok) css += `${property}:${check.value};`;
  }
  return css;
}

export type CompiledCss = { desktop: string; desktopOnly: string; mobile: string };

function rule(selector: string, declarations: string): string {
  return declarations ? `${selector}{${declarations}}` : '';
}

/** The stylesheet of a document (BASE_CSS included). Safe on unvalidated input. */
export function compileCss(document: LandingDocument): string {
  const parts: CompiledCss = { desktop: '', desktopOnly: '', mobile: '' };
  const page = asRecord(asRecord(document)?.page);
  parts.desktop += rule('.lp-page', compileDeclarations(page?.styles));
  parts.mobile += rule('.lp-page', compileDeclarations(page?.stylesMobile));

  let count = 0;
  const seen = new Set<string>();
  const visit = (items: unknown[], depth: number): void => {
    for (const item of items) {
      const element = asElement(item);
      if (!element || count >= LANDING_LIMITS.maxElements) continue;
      count += 1;
      if (element.id !== undefined && !seen.has(element.id)) {
        seen.add(element.id);
        const selector = `.lp-${element.id}`;
        const desktop = sizeDeclarations(element.attributes) + compileDeclarations(element.raw.styles);
        if (element.raw.stylesApplyInMobile === false) parts.desktopOnly += rule(selector, desktop);
        else parts.desktop += rule(selector, desktop);
        parts.mobile += rule(selector, compileDeclarations(element.raw.stylesMobile));
      }
      if (depth < LANDING_LIMITS.maxDepth) visit(childrenOf(element.raw.childrens), depth + 1);
    }
  };
  visit(childrenOf(asRecord(document)?.elements), 1);
  return (
    BASE_CSS +
    parts.desktop +
    (parts.desktopOnly ? `${DESKTOP_MEDIA}{${parts.desktopOnly}}` : '') +
    (parts.mobile ? `${MOBILE_MEDIA}{${parts.mobile}}` : '')
  );
}
