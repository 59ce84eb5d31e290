/**
 * Compiles element styles to one stylesheet: a class per element (`.lp-<id>`, element-class.ts), desktop styles
 * first, mobile styles in `@media (max-width: <page.mobileBreakpointPx, default 768>px)` last so
 * they override.
 * `stylesApplyInMobile: true` (the default): desktop styles apply at every width and mobile styles
 * override them; `false`: desktop styles apply only above the breakpoint.
 */
import type { LandingDocument } from './document.ts';
import { elementClass } from './element-class.ts';
import { LANDING_LIMITS, MOBILE_BREAKPOINT_PX, MOBILE_BREAKPOINT_RANGE } from './element-types.ts';
import { asElement, asRecord, childrenOf, type RawRecord, styleEntries } from './guards.ts';
import { checkStyle, toKebabCase } from './sanitize.ts';

/**
 * Layout the row/column and widget elements need whatever the author set; inside `:where()` so
 * that the author's styles override it (the design system is in public-css.ts).
 */
export const BASE_CSS =
  ':where(.lp-page){box-sizing:border-box}:where(.lp-page) *{box-sizing:inherit}' +
  ':where(.lp-page) img{max-width:100%;height:auto}:where(.lp-page) iframe{border:0;max-width:100%}' +
  ':where(.lp-row){display:flex;flex-wrap:wrap}:where(.lp-column){flex:1 1 0;min-width:min(100%,16rem)}';

/** The media query of mobile styles at a breakpoint (px, inclusive). */
export const mobileMedia = (breakpoint: number) => `@media (max-width: ${breakpoint}px)`;
/** The media query of desktop-only styles (`stylesApplyInMobile: false`) at a breakpoint. */
export const desktopMedia = (breakpoint: number) => `@media (min-width: ${breakpoint + 1}px)`;
export const MOBILE_MEDIA = mobileMedia(MOBILE_BREAKPOINT_PX);
export const DESKTOP_MEDIA = desktopMedia(MOBILE_BREAKPOINT_PX);

/** The page's `mobileBreakpointPx` when it is a whole number of pixels in range, else 768. */
export function breakpointOf(document: unknown): number {
  const value = asRecord(asRecord(document)?.page)?.mobileBreakpointPx;
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= MOBILE_BREAKPOINT_RANGE.min &&
    value <= MOBILE_BREAKPOINT_RANGE.max
    ? value
    : MOBILE_BREAKPOINT_PX;
}

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
        const selector = `.${elementClass(element.id)}`;
        const desktop = sizeDeclarations(element.attributes) + compileDeclarations(element.raw.styles);
        if (element.raw.stylesApplyInMobile === false) parts.desktopOnly += rule(selector, desktop);
        else parts.desktop += rule(selector, desktop);
        parts.mobile += rule(selector, compileDeclarations(element.raw.stylesMobile));
      }
      if (depth < LANDING_LIMITS.maxDepth) visit(childrenOf(element.raw.childrens), depth + 1);
    }
  };
  visit(childrenOf(asRecord(document)?.elements), 1);
  const breakpoint = breakpointOf(document);
  return (
    BASE_CSS +
    parts.desktop +
    (parts.desktopOnly ? `${desktopMedia(breakpoint)}{${parts.desktopOnly}}` : '') +
    (parts.mobile ? `${mobileMedia(breakpoint)}{${parts.mobile}}` : '')
  );
}
