/**
 * The stored landing document (schema version 1): page settings plus a tree of builder elements
 * (element.ts). Field-level safety is in the schema; tree rules (placement, one map / one reward
 * code, unique ids) run in its refinement.
 */
import { z } from 'zod';
import { LandingElement, plainText, StyleMap } from './element.ts';
import {
  LANDING_LIMITS,
  LANDING_SCHEMA_VERSION,
  MOBILE_BREAKPOINT_RANGE,
  SHARE_LIMITS,
} from './element-types.ts';
import { checkTree } from './placement.ts';
import { isSafeImageUrl } from './sanitize.ts';

export const PageSettings = z.strictObject({
  title: plainText(200),
  description: plainText(500).optional(),
  /** Title shown when the page is shared (og:title); the page title when not set. */
  shareTitle: plainText(SHARE_LIMITS.title).optional(),
  /** Text shown when the page is shared (og:description); the description when not set. */
  shareDescription: plainText(SHARE_LIMITS.description).optional(),
  /** Image shown when the page is shared (og:image): one of the tenant's images (checked on save). */
  shareImageUrl: z
    .string()
    .max(LANDING_LIMITS.maxUrlLength)
    .refine(isSafeImageUrl, { params: { code: 'FIELD_INVALID' } })
    .optional(),
  language: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/)
    .optional(),
  /** Mobile styles apply at or below this width (px); 768 when not set. */
  mobileBreakpointPx: z
    .number()
    .int()
    .min(MOBILE_BREAKPOINT_RANGE.min)
    .max(MOBILE_BREAKPOINT_RANGE.max)
    .optional(),
  /** Styles of the page wrapper (`.lp-page`), e.g. its background. */
  styles: StyleMap.optional(),
  stylesMobile: StyleMap.optional(),
});
export type PageSettings = z.infer<typeof PageSettings>;

/** The document shape with field-level checks only; `LandingDocument` adds the tree rules. */
export const LandingDocumentShape = z.strictObject({
  schemaVersion: z.literal(LANDING_SCHEMA_VERSION),
  page: PageSettings,
  /** Top-level elements in document order; every one has parentId 'dropZone'. */
  elements: z.array(LandingElement).max(LANDING_LIMITS.maxChildren),
  meta: z
    .strictObject({
      editorVersion: z.string().max(40).optional(),
      /** e.g. 'legacy-v0' when imported from the old product. */
      migratedFrom: z.string().max(40).optional(),
    })
    .optional(),
});
export type LandingDocument = z.infer<typeof LandingDocumentShape>;

/** The stored document, every rule included. Prefer `validateDocument()` for `{ path, code }` issues. */
export const LandingDocument = LandingDocumentShape.superRefine((document, ctx) => {
  for (const issue of checkTree(document)) {
    ctx.addIssue({ code: 'custom', message: issue.code, path: issue.path, params: { code: issue.code } });
  }
});

/** An empty page. */
export function createDocument(page: Partial<PageSettings> = {}): LandingDocument {
  return { schemaVersion: LANDING_SCHEMA_VERSION, page: { title: '', ...page }, elements: [] };
}
