/**
 * One builder element of a landing document, keeping the specification's fields (type, name,
 * attributes, text, styles, stylesMobile, stylesApplyInMobile, childrens, parentId), and the
 * field-level safety of each (URLs, markup, CSS, colours).
 */
import { z } from 'zod';
import { ELEMENT_TYPES, type ElementType, LANDING_LIMITS, TOP_LEVEL_PARENT } from './element-types.ts';
import { checkStyle, isSafeLinkUrl, looksLikeMarkup } from './sanitize.ts';

const invalid = { params: { code: 'FIELD_INVALID' } };

/** Element ids double as CSS class suffixes (`.lp-<id>`) and HTML ids, hence the narrow alphabet. */
export const ELEMENT_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const ElementId = z.string().regex(ELEMENT_ID_PATTERN);

/** Text rendered as text; markup-looking content is refused on save. */
export const plainText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !looksLikeMarkup(value), invalid);

/** HTML size attribute: a number of pixels, or a CSS length the compiler moves into the class. */
const Size = z.string().regex(/^(auto|\d{1,5}(\.\d{1,3})?(px|%|em|rem|vw|vh)?)$/);

/** The campaign form field a control fills: cedula, name, email, phone, birthdate, sex, department or custom. */
export const FieldKey = z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,63}$/);

export const INPUT_TYPES = ['text', 'email', 'tel', 'number', 'date', 'checkbox', 'radio'] as const;

/** A date field as three lists (select): day 1-31, month, and year (100 years back, filled on the page). */
export const DATE_PARTS = ['day', 'month', 'year'] as const;
export type DatePart = (typeof DATE_PARTS)[number];

/** Attributes from an allow-list only: unknown keys (onclick, style, srcdoc...) are refused. */
export const ElementAttributes = z.strictObject({
  id: ElementId,
  width: Size.optional(),
  height: Size.optional(),
  /** img: https, http or relative; iframe: the iframe allow-list (checked with the element type). */
  src: z.string().max(LANDING_LIMITS.maxUrlLength).optional(),
  href: z.string().max(LANDING_LIMITS.maxUrlLength).refine(isSafeLinkUrl, invalid).optional(),
  target: z.enum(['_self', '_blank']).optional(),
  alt: plainText(LANDING_LIMITS.maxAttributeLength).optional(),
  title: plainText(LANDING_LIMITS.maxAttributeLength).optional(),
  placeholder: plainText(LANDING_LIMITS.maxAttributeLength).optional(),
  /** Form control name when no fieldKey is bound. */
  name: FieldKey.optional(),
  fieldKey: FieldKey.optional(),
  inputType: z.enum(INPUT_TYPES).optional(),
  value: plainText(LANDING_LIMITS.maxAttributeLength).optional(),
  required: z.boolean().optional(),
  /** masked-input: 9 = digit, A = letter, * = either, anything else literal. */
  mask: z
    .string()
    .max(60)
    .regex(/^[0-9A-Za-z*()\-. /+]*$/)
    .optional(),
  /** select: one part of the date field named by fieldKey. */
  datePart: z.enum(DATE_PARTS).optional(),
  /** label: the id of the control it names. */
  htmlFor: ElementId.optional(),
});
export type ElementAttributes = z.infer<typeof ElementAttributes>;

/** camelCase CSS property -> value; property allow-list and value rules in sanitize.ts. */
export const StyleMap = z.record(z.string(), z.string()).superRefine((styles, ctx) => {
  const entries = Object.entries(styles);
  if (entries.length > LANDING_LIMITS.maxStyleProperties) {
    ctx.addIssue({ code: 'custom', message: 'PAYLOAD_TOO_LARGE', params: { code: 'PAYLOAD_TOO_LARGE' } });
  }
  for (const [property, value] of entries) {
    const check = checkStyle(property, value);
    if (!check.ok)
      ctx.addIssue({ code: 'custom', message: check.code, path: [property], params: { code: check.code } });
  }
});
export type StyleMap = z.infer<typeof StyleMap>;

export type LandingElement = {
  type: ElementType;
  name: string;
  attributes: ElementAttributes;
  text?: string | undefined;
  styles: StyleMap;
  stylesMobile: StyleMap;
  stylesApplyInMobile: boolean;
  childrens: LandingElement[];
  parentId: string;
};

export const LandingElement: z.ZodType<LandingElement> = z.strictObject({
  type: z.enum(ELEMENT_TYPES),
  /** Label shown in the layers panel. */
  name: plainText(LANDING_LIMITS.maxNameLength),
  attributes: ElementAttributes,
  /** Plain text content; rendered escaped, never as HTML. */
  text: plainText(LANDING_LIMITS.maxTextLength).optional(),
  styles: StyleMap,
  stylesMobile: StyleMap,
  /** true: desktop styles also apply on mobile and stylesMobile overrides them; false: desktop only. */
  stylesApplyInMobile: z.boolean(),
  get childrens() {
    return z.array(LandingElement).max(LANDING_LIMITS.maxChildren);
  },
  /** attributes.id of the parent element, or 'dropZone' at the top level. */
  parentId: ElementId,
});

/** Default styles of new elements (spec section 9: input height 35px, button width 100px). */
const DEFAULT_STYLES: Partial<Record<ElementType, StyleMap>> = {
  input: { height: '35px' },
  'masked-input': { height: '35px' },
  button: { width: '100px' },
};

export function newElementId(type: ElementType): string {
  return `${type}-${globalThis.crypto.randomUUID().slice(0, 8)}`;
}

export type NewElementOptions = {
  id?: string;
  parentId?: string;
  text?: string;
  attributes?: Partial<ElementAttributes>;
  styles?: StyleMap;
};

/** A new element of `type` with the product's default sizes; top level unless `parentId` is given. */
export function createElement(type: ElementType, options: NewElementOptions = {}): LandingElement {
  const element: LandingElement = {
    type,
    name: type,
    attributes: { ...options.attributes, id: options.id ?? newElementId(type) },
    styles: { ...DEFAULT_STYLES[type], ...options.styles },
    stylesMobile: {},
    stylesApplyInMobile: true,
    childrens: [],
    parentId: options.parentId ?? TOP_LEVEL_PARENT,
  };
  if (options.text !== undefined) element.text = options.text;
  return element;
}
