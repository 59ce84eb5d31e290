/**
 * The class an element of a document gets for its own styles: `lp-<id>`. The design system
 * (public-css.ts) and the public page's script use `lp-` classes of their own (`lp-code` for the
 * reward code, `lp-message` for the form's message line, `lp-row`, …); an element whose id is one of
 * those names (the templates' reward-code element is `code`) gets `lp--<id>` instead (an id starts
 * with a letter, so no other id makes that class), otherwise it would take the design system's
 * styles for that name and give its own to the design system's elements.
 */
import { PUBLIC_CSS } from './public-css.ts';

/** The names after `lp-` of every class of the design system, and those of the element types. */
const RESERVED: ReadonlySet<string> = new Set([
  ...Array.from(PUBLIC_CSS.matchAll(/\.lp-([A-Za-z0-9_-]+)/g), (match) => match[1] as string),
  'page',
  'row',
  'column',
  'map',
  'reward-code',
]);

/** Whether `lp-<id>` is a class of the design system. */
export function isReservedClassId(id: string): boolean {
  return RESERVED.has(id);
}

/** The class carrying the element's own styles (compiled by css.ts, written by render.ts). */
export function elementClass(id: string): string {
  return RESERVED.has(id) ? `lp--${id}` : `lp-${id}`;
}
