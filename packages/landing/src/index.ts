/**
 * The landing document model (versioned JSON of builder elements), its validator and the
 * renderer shared by the builder preview and the server-side public page.
 */
export * from './contrast.ts';
export * from './css.ts';
export * from './document.ts';
export * from './element.ts';
export * from './element-class.ts';
export * from './element-types.ts';
export * from './import.ts';
export { checkTree, isSrcAllowed, placementCode, type TreeIssue } from './placement.ts';
export * from './public-css.ts';
export * from './render.ts';
export * from './rich-text.ts';
export * from './rules.ts';
export * from './sanitize.ts';
export * from './share.ts';
export * from './templates.ts';
export * from './xss-corpus.ts';
