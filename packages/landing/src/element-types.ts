/** The version written into every stored landing document; bump it with a migration. */
export const LANDING_SCHEMA_VERSION = 1;

/** Tag types of the specification's builder element, plus the layout and widget elements. */
export const ELEMENT_TYPES = [
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'p',
  'a',
  'ul',
  'ol',
  'li',
  'form',
  'img',
  'input',
  'textarea',
  'button',
  'label',
  'select',
  'option',
  'iframe',
  'masked-input',
  'row',
  'column',
  'map',
  'reward-code',
  'share-buttons',
] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

/** The parentId of a top-level element (the spec's value). */
export const TOP_LEVEL_PARENT = 'dropZone';

/**
 * Form fields: only allowed somewhere inside a form (spec, builder limits). Labels and buttons are
 * not fields: a label is text and a button outside a form is a plain call-to-action.
 */
export const FORM_FIELD_TYPES: ReadonlySet<ElementType> = new Set([
  'input',
  'textarea',
  'select',
  'option',
  'masked-input',
]);

/** Controls whose value is sent with the form; they carry `fieldKey` as their `name`. */
export const FORM_CONTROL_TYPES: ReadonlySet<ElementType> = new Set([
  'input',
  'textarea',
  'select',
  'masked-input',
]);

/** Elements that may hold children. Every other element is a leaf (its content is `text` at most). */
export const CONTAINER_TYPES: ReadonlySet<ElementType> = new Set([
  'div',
  'a',
  'ul',
  'ol',
  'li',
  'form',
  'select',
  'row',
  'column',
]);

/** Elements whose `text` is rendered (always as text, never as HTML). */
export const TEXT_TYPES: ReadonlySet<ElementType> = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'p',
  'a',
  'li',
  'label',
  'button',
  'option',
  'textarea',
  'div',
]);

/** Elements that may appear at most once per page. */
export const SINGLETON_TYPES: ReadonlySet<ElementType> = new Set(['map', 'reward-code']);

/** Bounds that keep a hostile document from exhausting the server or the editor. */
export const LANDING_LIMITS = {
  maxElements: 2000,
  maxDepth: 30,
  maxChildren: 500,
  maxTextLength: 5000,
  maxNameLength: 80,
  maxAttributeLength: 300,
  maxUrlLength: 2048,
  maxStyleProperties: 80,
  maxStyleValueLength: 200,
  maxBackgroundImageLength: 600,
} as const;

/** Campaign form field keys the product knows; a form control may also bind a custom key. */
export const KNOWN_FIELD_KEYS = [
  'cedula',
  'name',
  'email',
  'phone',
  'birthdate',
  'sex',
  'department',
] as const;

/** Mobile styles apply at or below this width (px), unless the page sets `mobileBreakpointPx`. */
export const MOBILE_BREAKPOINT_PX = 768;
/** The widths a page may choose as its mobile breakpoint (px). */
export const MOBILE_BREAKPOINT_RANGE = { min: 320, max: 1200 } as const;

/** Lengths of a page's share title and description (what social networks show before cutting). */
export const SHARE_LIMITS = { title: 120, description: 300 } as const;
